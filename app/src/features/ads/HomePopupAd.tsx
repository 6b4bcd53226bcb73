// The home's bottom popup ad (SPEC.md section 7): only inside the native app, with the unit of its OS
// (home-popup-android or home-popup-ios). It shows once per app start, not at all on a day the user chose
// '오늘 하루 보지 않기', and, like every placement, never when there is no ad.
import { seoulDayKey } from '@creator-market/sdk/domain';
import { useEffect, useState } from 'react';
import { now } from '../../api/clock';
import { isNativeShell, nativePlatform } from '../../services/native/bridge';
import { BottomSheet } from '../../ui/BottomSheet';
import { renderAdHtml } from './adHtml';
import { AD_UNITS, useAd, type AdUnit } from './AdSlot';
import styles from './AdSlot.module.css';

export const HOME_POPUP_TEXT = {
  label: '광고',
  hideToday: '오늘 하루 보지 않기', // ours
  close: '닫기',
} as const;

/** The Seoul day on which the user hid the popup. */
export const HOME_POPUP_HIDDEN_KEY = 'cm.homePopupHiddenDay';

let shownThisStart = false;

function hiddenToday(): boolean {
  try {
    return localStorage.getItem(HOME_POPUP_HIDDEN_KEY) === seoulDayKey(now());
  } catch {
    return false;
  }
}

/** The popup's unit on this device, or null where it does not show. */
async function popupUnit(): Promise<AdUnit | null> {
  if (!isNativeShell() || shownThisStart || hiddenToday()) return null;
  const platform = await nativePlatform();
  if (platform === 'android') return AD_UNITS.homePopupAndroid;
  if (platform === 'ios') return AD_UNITS.homePopupIos;
  return null;
}

export function HomePopupAd() {
  const [unit, setUnit] = useState<AdUnit | null>(null);
  const [closed, setClosed] = useState(false);
  const state = useAd(unit);

  useEffect(() => {
    let active = true;
    void popupUnit().then((chosen) => {
      if (active) setUnit(chosen);
    });
    return () => {
      active = false;
    };
  }, []);

  const open = unit !== null && !closed && state.status === 'fulfilled';
  useEffect(() => {
    if (open) shownThisStart = true;
  }, [open]);

  function hideToday() {
    try {
      localStorage.setItem(HOME_POPUP_HIDDEN_KEY, seoulDayKey(now()));
    } catch {
      // without storage it is hidden for this start only
    }
    setClosed(true);
  }

  return (
    <BottomSheet
      open={open}
      onClose={() => setClosed(true)}
      ariaLabel={HOME_POPUP_TEXT.label}
      footer={
        <div className={styles.popupActions}>
          <button type="button" className={styles.popupAction} onClick={hideToday}>
            {HOME_POPUP_TEXT.hideToday}
          </button>
          <button type="button" className={styles.popupAction} onClick={() => setClosed(true)}>
            {HOME_POPUP_TEXT.close}
          </button>
        </div>
      }
    >
      {state.status === 'fulfilled' && (
        <div className={styles.popupSheet} data-ad-unit={unit ?? undefined} data-format={state.ad.format}>
          <div className={styles.slot}>
            {renderAdHtml(state.ad.ad)}
            <span className={styles.mark} aria-hidden="true">
              AD
            </span>
          </div>
        </div>
      )}
    </BottomSheet>
  );
}

/** Lets the popup show again (tests). */
export function resetHomePopupAd(): void {
  shownThisStart = false;
}
