// The login flow's entry (SPEC.md sections 2 and 4): the '로그인 필요' prompt, then the login screen, with
// the full path to come back to kept in session storage (and whether the protected page was opened
// directly). After sign-in the login screen takes it back (takeLoginRedirect).
import { saveLoginRedirect, type LoginRedirect } from '@creator-market/sdk/domain';
import { openLoginPrompt } from '../stores/loginPrompt';
import { navigate } from '../lib/navigation';
import { appPathname } from '../config/appBase';

export const LOGIN_PATH = '/auth';

/** The page's full path: pathname, query and hash. */
export function currentFullPath(): string {
  return `${appPathname()}${window.location.search}${window.location.hash}`;
}

// The return path of the prompt on screen; the prompt's '로그인' (startLogin) saves it.
let pendingRedirect: LoginRedirect | null = null;

/**
 * Opens the login prompt; on '로그인' the return path (default: this page) is remembered and the login
 * screen opens. Resolves true when the user chose to log in.
 */
export async function requireLogin(returnPath: string = currentFullPath(), options: { direct?: boolean } = {}): Promise<boolean> {
  pendingRedirect = { path: returnPath, direct: options.direct ?? false };
  const chosen = await openLoginPrompt();
  if (!chosen) pendingRedirect = null;
  return chosen;
}

/** Session storage: '1' when the login screen was opened from the page to return to (see startLogin). */
export const LOGIN_FROM_RETURN_PAGE_KEY = 'cm.loginFromReturnPage';

/** The prompt's '로그인' (UiRoot onLogin): remember where to come back to, then open the login screen. */
export function startLogin(): void {
  const redirect = pendingRedirect ?? { path: currentFullPath(), direct: false };
  saveLoginRedirect(sessionStorage, redirect);
  pendingRedirect = null;
  try {
    sessionStorage.setItem(LOGIN_FROM_RETURN_PAGE_KEY, redirect.path === currentFullPath() ? '1' : '0');
  } catch {
    // then the sign-in ends on an entry of its own (services/providerTrip.ts)
  }
  navigate(LOGIN_PATH);
}

/**
 * Whether the page behind the login screen is the one to return to after signing in (the prompt opened
 * there): the return then takes that page's place in history rather than adding a second copy of it.
 */
export function loginOpenedFromReturnPage(): boolean {
  try {
    return sessionStorage.getItem(LOGIN_FROM_RETURN_PAGE_KEY) === '1';
  } catch {
    return false;
  }
}
