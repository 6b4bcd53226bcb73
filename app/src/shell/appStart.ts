// What the app does at start inside the native shell (SPEC.md section 4, "App start"): the update check now
// and whenever the page becomes visible again; 'authorize' 'sync_auth' from the shell reloads the page (the
// shell signed in or out itself); the shell learns the identity token; a signed-in account registers the
// device's push token and its open alarms are mirrored on the phone.
import { subscribe } from 'valtio';
import { ensureAlarms } from '../components/alarm/alarms';
import { session } from '../stores/session';
import { startAlarmSync } from '../components/alarm/alarmSync';
import { checkAppUpdate } from '../services/native/appUpdate';
import { isNativeShell, native, onNativeMessage } from '../services/native/bridge';
import { registerDevice } from '../services/native/deviceRegistration';

export const SYNC_AUTH = 'sync_auth';

/** The page itself, so tests can watch the reload (jsdom cannot reload). */
export const shellPage = {
  reload(): void {
    window.location.reload();
  },
};

/** Starts the native side of the app; returns what stops it. Nothing happens on the web. */
export function startNativeShell(): () => void {
  if (!isNativeShell()) return () => {};

  const stopAuthorize = onNativeMessage('authorize', (data) => {
    if (data === SYNC_AUTH) shellPage.reload();
  });

  void checkAppUpdate();
  const onVisibility = () => {
    if (document.visibilityState === 'visible') void checkAppUpdate();
  };
  document.addEventListener('visibilitychange', onVisibility);

  // Once the sign-in state is known, and again whenever the account changes.
  let handledToken: string | null | undefined;
  const onSession = () => {
    if (!session.ready || session.token === handledToken) return;
    handledToken = session.token;
    native.token(session.token);
    // Loads the account's alarms, or (signed out) clears them, which cancels them on the phone.
    void ensureAlarms();
    if (session.token !== null) void registerDevice();
  };
  onSession();
  const stopSession = subscribe(session, onSession);
  const stopAlarmSync = startAlarmSync();

  return () => {
    stopAuthorize();
    document.removeEventListener('visibilitychange', onVisibility);
    stopSession();
    stopAlarmSync();
  };
}
