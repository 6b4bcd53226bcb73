// A page's start and a provider's return (providerTrip.ts explains the trip). Nearly every page load has
// none: the trip's module (its history arithmetic, 0.6 KB of gzip) loads only when a trip or a pending return
// is noted in session storage, and not on the home's start path (docs/decisions/home-js-start-chunk.md).
import { importOnce } from '../lib/importOnce';
import { noted, PROVIDER_RETURN_KEY, PROVIDER_TRIP_KEY } from './providerNotes';

const loadProviderTrip = importOnce(() => import('./providerTrip'));

/**
 * At the start of a page load: providerTrip's takeProviderReturn when a trip or a return is noted ('leaving':
 * the page is going, render nothing; should the step back not happen within PROVIDER_RETURN_FALLBACK_MS,
 * `restart` runs once the return has been put on this entry), else 'none' without loading it.
 */
export async function takeNotedProviderReturn(restart: () => void): Promise<'none' | 'leaving' | 'returned'> {
  if (!noted(PROVIDER_TRIP_KEY) && !noted(PROVIDER_RETURN_KEY)) return 'none';
  const trip = await loadProviderTrip();
  const taken = trip.takeProviderReturn();
  if (taken === 'leaving') {
    window.setTimeout(() => {
      if (trip.abandonProviderReturn()) restart();
    }, trip.PROVIDER_RETURN_FALLBACK_MS);
  }
  return taken;
}

/**
 * A page the browser restores from its back-forward cache runs no start again: when it is the entry a
 * provider's return stepped back to (a return is noted), providerTrip's settleRestoredReturn shows it (`show`
 * navigates in the app, in place).
 */
export function watchRestoredReturn(show: (address: string) => void): () => void {
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted && noted(PROVIDER_RETURN_KEY)) void loadProviderTrip().then((trip) => trip.settleRestoredReturn(show));
  };
  window.addEventListener('pageshow', onPageShow);
  return () => window.removeEventListener('pageshow', onPageShow);
}
