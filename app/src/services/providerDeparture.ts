// Before leaving for a sign-in or payment provider's page (the login and payment screens): the note of the
// trip that the return reads at the start of the page the provider sends the user back to (providerTrip.ts
// explains the whole trip).
import { appPathname } from '../config/appBase';
import { nothingAheadOfEntry, previousEntryPathname } from './history';
import { PROVIDER_TRIP_KEY } from './providerNotes';
import { tabNavigation, write, type Trip } from './providerTrip';

/**
 * The pathname (an app path) of the entry behind this one when it is the app's: the Navigation API's entry
 * behind (known across reloads), else the page this one was pushed from (services/history.ts).
 */
export function appPathnameBehind(): string | null {
  const navigation = tabNavigation();
  if (!navigation) return previousEntryPathname();
  const behind = navigation.entries()[navigation.currentEntry.index - 1];
  return behind?.url ? appPathname(new URL(behind.url).pathname) : null;
}

/**
 * Before leaving for a provider's page: the return comes to a pathname starting with `returnPath` with
 * `param` in its query. `beforeLeaving`: the return ends on the page before this one (it is that page again).
 */
export function noteProviderTrip(returnPath: string, param: string, options: { beforeLeaving?: boolean } = {}): void {
  const navigation = tabNavigation();
  const entries = navigation?.entries() ?? [];
  const index = navigation?.currentEntry.index ?? 0;
  // The Navigation API knows whether an entry of the app's is behind (an in-app count is lost on reload).
  const back = options.beforeLeaving && (!navigation || index >= 1) ? 1 : 0;
  const ahead = navigation ? entries.length - 1 - index : 0;
  const trip: Trip = {
    returnPath,
    param,
    length: window.history.length,
    back,
    ahead,
    aheadKnown: nothingAheadOfEntry() && ahead === 0,
    endKey: entries[index - back]?.key ?? null,
    appEntriesBehind: navigation ? Math.max(0, index - back) : 0,
  };
  // No session storage: the provider's entries stay in history.
  write(PROVIDER_TRIP_KEY, trip);
}
