// What a sign-in or payment provider's trip leaves in session storage (providerTrip.ts explains the trip and
// reads them): the trip noted before leaving and the return pending while the page steps back. Their own
// module, so that a page's start can ask whether either is there without loading the trip's (providerReturn.ts).

export const PROVIDER_TRIP_KEY = 'cm.providerTrip';
export const PROVIDER_RETURN_KEY = 'cm.providerReturn';

/** Whether a note is kept under `key` (false where session storage cannot be read). */
export function noted(key: string): boolean {
  try {
    return sessionStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}
