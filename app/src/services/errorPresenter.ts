// How the app shows a failed call once the catalogue has decided (SPEC.md section 8): errors.ts presentError
// loads this module with the catalogue as one chunk when a call first fails (or once idle after start), so
// the start scripts carry neither.
import { isApiError } from '@creator-market/sdk/client';
import { saveLoginRedirect, type ApiErrorInput, type ErrorAction, type ErrorButton, type ErrorFollowUp } from '@creator-market/sdk/domain';
import { resolveError } from '@creator-market/sdk/domain/errors';
import { forgetAccount, session } from '../stores/session';
// From the store, not the UI kit's modules, which would bring the dialog and toast views into this chunk.
import { alert, confirm } from '../stores/dialogs';
import { toast } from '../stores/toasts';
import { navigate } from '../lib/navigation';
import type { ErrorPresentationContext, PresentedError } from './errors';
import { currentFullPath, LOGIN_PATH, requireLogin } from './login';
import { showNotFound } from './notFound';
import { openInquiry } from './platform';

function toErrorInput(error: unknown): { input: ApiErrorInput; api?: string } {
  if (isApiError(error)) {
    const input: ApiErrorInput = { status: error.status, code: error.code, message: error.message };
    if (error.title !== undefined) input.title = error.title;
    if (error.msg !== undefined) input.msg = error.msg;
    if (error.list !== undefined) input.list = error.list;
    let path = error.url;
    try {
      path = new URL(error.url).pathname;
    } catch {
      // keep the url as given
    }
    return { input, api: `${error.method} ${path}` };
  }
  // Not an API answer (a bug in the page): the general inquiry dialog, with what we know.
  return { input: { status: 500, code: 'internal', message: error instanceof Error ? error.message : String(error) } };
}

function itemLine(item: unknown): string | null {
  if (typeof item !== 'object' || item === null) return null;
  const { title, option } = item as { title?: unknown; option?: unknown };
  if (typeof title !== 'string') return null;
  return typeof option === 'string' && option !== '' ? `· ${title} (${option})` : `· ${title}`;
}

function messageWithList(action: ErrorAction): string | undefined {
  const lines = (action.list ?? []).map(itemLine).filter((line): line is string => line !== null);
  if (lines.length === 0) return action.message;
  return [action.message, '', ...lines].filter((line) => line !== undefined).join('\n');
}

/**
 * A page address as a person reads it: percent-encoded text decoded ('/search/result?q=%EC%8A%A4...' is
 * '/search/result?q=스티커'); an address that does not decode stays as it is.
 */
export function readableLocation(location: string): string {
  try {
    return decodeURI(location);
  } catch {
    return location;
  }
}

function inquiryMessage(action: ErrorAction): string {
  const details = action.inquiry;
  const lines = [action.message ?? ''];
  if (details) {
    lines.push('', `상태: ${details.status}${details.code ? ` (${details.code})` : ''}`);
    if (details.message) lines.push(`메시지: ${details.message}`);
    if (details.uid) lines.push(`사용자: ${details.uid}`);
    if (details.api) lines.push(`API: ${details.api}`);
    if (details.location) lines.push(`위치: ${readableLocation(details.location)}`);
  }
  return lines.join('\n');
}

/** The two buttons of a confirm-like error: [cancel, action]. */
function dialogButtons(buttons: readonly ErrorButton[] | undefined): { cancel?: ErrorButton; action?: ErrorButton } {
  if (!buttons || buttons.length === 0) return {};
  return { cancel: buttons.find((b) => b.action === 'none'), action: buttons.find((b) => b.action !== 'none') };
}

/** Follow-ups the app does itself; the others ('reload-cart', 'cancel-order') are the caller's. */
function runFollowUp(followUp: ErrorFollowUp | undefined, action: ErrorAction): void {
  switch (followUp) {
    case 'go-home':
      navigate('/');
      break;
    case 'go-cart':
      navigate('/cart');
      break;
    case 'open-inquiry':
      openInquiry(action.inquiry ?? { status: action.status, ...(action.code ? { code: action.code } : {}) });
      break;
    case 'login':
      void requireLogin();
      break;
    case 'relogin':
      relogin();
      break;
    default:
      break;
  }
}

/** Signs out and opens the login screen, coming back to this page afterwards. */
function relogin(): void {
  saveLoginRedirect(sessionStorage, { path: currentFullPath(), direct: false });
  forgetAccount();
  navigate(LOGIN_PATH);
}

/** Shows what the catalogue says about a failed call; presentError calls it after the handling delay. */
export async function showError(error: unknown, context: ErrorPresentationContext): Promise<PresentedError> {
  const { input, api } = toErrorInput(error);
  const uid = session.me?.auth.uid ?? session.me?.user.uid;
  const action = resolveError(input, {
    ...(context.operation === undefined ? {} : { operation: context.operation }),
    ...((context.api ?? api) === undefined ? {} : { api: context.api ?? api }),
    location: context.location ?? currentFullPath(),
    ...(uid ? { uid } : {}),
  });
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test') console.warn('[api error]', input, action);

  let confirmed = false;
  switch (action.kind) {
    case 'silent':
      break;
    case 'toast':
      if (action.message) toast(action.message, { type: action.toastType ?? 'error' });
      runFollowUp(action.followUp, action);
      break;
    case 'alert':
      await alert({ ...(action.title ? { title: action.title } : {}), message: messageWithList(action) ?? '' });
      runFollowUp(action.followUp, action);
      break;
    case 'confirm': {
      const { cancel, action: button } = dialogButtons(action.buttons);
      confirmed = await confirm({
        ...(action.title ? { title: action.title } : {}),
        message: messageWithList(action) ?? '',
        ...(button ? { confirmText: button.label } : {}),
        ...(cancel ? { cancelText: cancel.label } : {}),
      });
      if (confirmed) runFollowUp(button?.action, action);
      break;
    }
    case 'inquiry': {
      const { cancel, action: button } = dialogButtons(action.buttons);
      confirmed = await confirm({
        ...(action.title ? { title: action.title } : {}),
        message: inquiryMessage(action),
        confirmText: button?.label ?? '문의하기',
        ...(cancel ? { cancelText: cancel.label } : {}),
      });
      if (confirmed) runFollowUp('open-inquiry', action);
      break;
    }
    case 'login':
      confirmed = await requireLogin();
      break;
    case 'not-found':
      showNotFound();
      break;
    case 'relogin':
      await alert({ ...(action.title ? { title: action.title } : {}), message: action.message ?? '' });
      relogin();
      break;
  }
  return { ...action, confirmed };
}
