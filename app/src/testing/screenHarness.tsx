// Test helpers of the browsing screens: a clean slate (app state plus this folder's caches) and rendering a
// screen under its route pattern, so wouter's useParams gives it its params.
import type { ComponentType } from 'react';
import { Route } from 'wouter';
import { renderAt, resetAppState } from './appHarness';
import { resetAlarms } from '../components/alarm/alarms';
import { forgetOpenedMarkets } from '../components/market-card/openedMarkets';
import { forgetMarketDetails } from '../components/market-detail/marketDetail';

export function resetScreenState(): void {
  resetAppState();
  resetAlarms();
  forgetOpenedMarkets();
  forgetMarketDetails();
}

/** Renders `Screen` at `path` as the route `pattern` would (the app's shared UI around it). */
export function renderScreen(path: string, pattern: string, Screen: ComponentType) {
  return renderAt(path, <Route path={pattern} component={Screen} />);
}
