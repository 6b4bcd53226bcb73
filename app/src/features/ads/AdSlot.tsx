// One ad placement (SPEC.md section 7): asks the ad service for the unit with the ad user id, platform and
// locale, shows the answer when its code is 0 (fulfilled), and otherwise stays hidden without a word
// (pending, rejected for a non-zero code, error for a failed request; SPEC.md section 4, "Ad slot").
import type { AdComponents } from '@creator-market/sdk';
import { useEffect, useRef, useState } from 'react';
import { adClient } from '../../api/adClient';
import { presentError } from '../../services/errors';
import { useSession } from '../../stores/session';
import { cx } from '../../ui/cx';
import { renderAdHtml } from './adHtml';
import { adAudience, adUserId } from './adUser';
import styles from './AdSlot.module.css';

/** Every placement of SPEC.md section 7 (the ad service's unit ids). */
export const AD_UNITS = {
  homePopupAndroid: 'home-popup-android',
  homePopupIos: 'home-popup-ios',
  homeTop30Native: 'home-top30-native',
  top30BottomBanner: 'top30-bottom-banner',
  homeCartNative1: 'home-cart-native-1',
  homeCartNative2: 'home-cart-native-2',
  marketProductTopBanner: 'market-product-top-banner',
  myMiddleBanner: 'my-middle-banner',
  receiptMemoBottomBanner: 'receipt-memo-bottom-banner',
  searchMiddleBanner: 'search-middle-banner',
  searchResultMiddleBanner: 'search-result-middle-banner',
  calendarMiddleBanner: 'calendar-middle-banner',
} as const;

export type AdUnit = (typeof AD_UNITS)[keyof typeof AD_UNITS];
export type AdItem = AdComponents['schemas']['AdItem'];

export type AdState =
  { status: 'pending' } | { status: 'fulfilled'; ad: AdItem } | { status: 'rejected'; code: number } | { status: 'error' };

/** The ad of a placement; with `unit` null nothing is asked (a placement that does not apply here). */
export function useAd(unit: string | null): AdState {
  const { me } = useSession();
  const uid = adUserId(me?.auth.metadata.createdAt);
  const [state, setState] = useState<AdState>({ status: 'pending' });
  // Another unit or viewer asks afresh: pending again, set while rendering that change.
  const request = `${unit ?? ''}|${uid}`;
  const [stateFor, setStateFor] = useState(request);
  if (request !== stateFor) {
    setStateFor(request);
    setState({ status: 'pending' });
  }
  // The placement and user the state answers. A kept-alive page shown again re-runs its effects: its answered
  // ad stays as it is, not collapsed and asked again, which moved the content below it under a restored
  // scroll position (home came back 125-450 px lower).
  const answeredFor = useRef<string | null>(null);

  useEffect(() => {
    if (unit === null || answeredFor.current === request) return;
    const controller = new AbortController();
    adAudience()
      .then(({ pf, lcl }) => adClient.requestAd({ unit, uid, pf, lcl }, { signal: controller.signal }))
      .then(
        (answer) => {
          if (controller.signal.aborted) return;
          answeredFor.current = request;
          setState(
            answer.code === 0 && answer.result ? { status: 'fulfilled', ad: answer.result } : { status: 'rejected', code: answer.code },
          );
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          answeredFor.current = request;
          setState({ status: 'error' });
          // Silent by the error catalogue (requestAd): ad failures show no message.
          void presentError(error, { operation: 'requestAd' });
        },
      );
    return () => controller.abort();
  }, [unit, uid, request]);

  return state;
}

/** The box of an ad of each format, for a placement that keeps room for its ad while it loads. */
export type AdReserve = 'banner' | 'native';

export interface AdSlotProps {
  unit: AdUnit;
  /**
   * The ad's landmark name, '광고' by default. A screen with more than one ad names each by its place, so a
   * screen reader's landmark list tells them apart.
   */
  name?: string;
  className?: string;
  /**
   * Keeps an empty box of the ad's size while it is pending, so that the content below does not jump when
   * it arrives (placements on the first screen); it collapses when no ad comes.
   */
  reserve?: AdReserve;
}

export function AdSlot({ unit, name = '광고', className, reserve }: AdSlotProps) {
  const state = useAd(unit);
  if (state.status === 'pending' && reserve) return <AdBox reserve={reserve} className={className} />;
  if (state.status !== 'fulfilled') return null;
  return (
    <aside className={cx(styles.slot, className)} aria-label={name} data-ad-unit={unit} data-format={state.ad.format}>
      {renderAdHtml(state.ad.ad)}
      <span className={styles.mark} aria-hidden="true">
        AD
      </span>
    </aside>
  );
}

/** The empty box that keeps an ad's room (AdSlot `reserve`, and placeholders of the section holding one). */
export function AdBox({ reserve, className }: { reserve: AdReserve; className?: string }) {
  return <div className={cx(reserve === 'banner' ? styles.reserveBanner : styles.reserveNative, className)} aria-hidden="true" />;
}
