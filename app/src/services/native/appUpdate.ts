// The app update check (SPEC.md sections 4, 8 and 9): at start and whenever the page becomes visible again,
// a native app below its platform's minimum version (iOS 0.2.2, Android 1.8.6) gets the forced-update
// dialog '필수 업데이트 안내'. A version that cannot be read only logs '버전 정보를 확인할 수 없습니다.';
// a shell that does not answer (the reply times out) only logs the failure.
import { checkAppVersion, FORCED_UPDATE_DIALOG, TIMING, type AppVersionCheck } from '@creator-market/sdk/domain';
import { confirm } from '../../stores/dialogs';
import { isNativeShell, native, nativeDevice } from './bridge';

/** The page '자세히' opens: what changed and why this version is no longer supported. */
export const UPDATE_NOTICE_URL = 'https://creatormarket.kr/notice/app-update';

const [UPDATE_BUTTON, DETAILS_BUTTON] = FORCED_UPDATE_DIALOG.buttons;

let dialogShown = false;
// Bumped by resetAppUpdate so a dialog loop of an earlier page life (a test) ends.
let generation = 0;

export type UpdateCheckResult = AppVersionCheck['action'] | 'failed' | 'web';

/** Runs the check once; resolves with what it found (the dialog, when needed, stays up on its own). */
export async function checkAppUpdate(): Promise<UpdateCheckResult> {
  if (!isNativeShell()) return 'web';
  let check: AppVersionCheck;
  try {
    // The one place of SPEC.md section 9 with a 3 s native reply.
    const [device, version] = await Promise.all([nativeDevice(), native.getAppVersion({ timeoutMs: TIMING.nativeReplyTimeoutMs })]);
    check = checkAppVersion(device?.os ?? '', version);
  } catch (error) {
    console.error('앱 버전 확인 실패', error);
    return 'failed';
  }
  if (check.action === 'unknown') console.log(check.log);
  if (check.action === 'force-update') void showForcedUpdate();
  return check.action;
}

/**
 * The forced-update dialog. It cannot be dismissed: after '업데이트' (the store) or '자세히' (the notice
 * page) it comes back, until an updated app loads the page again.
 */
async function showForcedUpdate(): Promise<void> {
  if (dialogShown) return;
  dialogShown = true;
  const mine = generation;
  while (mine === generation && isNativeShell()) {
    const update = await confirm({
      title: FORCED_UPDATE_DIALOG.title,
      message: FORCED_UPDATE_DIALOG.message,
      confirmText: UPDATE_BUTTON.label,
      cancelText: DETAILS_BUTTON.label,
    });
    if (mine !== generation || !isNativeShell()) break; // the page's life ended meanwhile (tests)
    if (update) native.updateAppVersion();
    else native.open({ target: 'WebPage', url: UPDATE_NOTICE_URL });
  }
}

/** Lets the dialog show again (tests). */
export function resetAppUpdate(): void {
  generation += 1;
  dialogShown = false;
}
