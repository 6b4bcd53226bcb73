// The shell actions the start scripts and the home screen use (opening a page or the customer support, and
// telling the shell the home is on screen), with their web fallbacks. Part of the typed API (bridge.ts
// `native`), in a module of their own so that the start scripts do not carry the whole API.
import { requireLogin } from '../login';
import { pageNavigation } from '../pageNavigation';
import { INQUIRY_URL } from '../../config/support';
import { navigate } from '../../lib/navigation';
import { postToShell } from './channel';

/** The three things `open` can open (SPEC.md section 7). */
export type OpenTarget = { target: 'WebPage'; url: string } | { target: 'Login' } | { target: 'Link'; url: string };

export interface InquiryContext {
  status?: number;
  code?: string;
  message?: string;
  uid?: string;
  api?: string;
  location?: string;
}

/** Opens a web page, the login, or an app link. */
export function openTarget(target: OpenTarget): void {
  if (postToShell('open', target)) return;
  if (target.target === 'WebPage') pageNavigation.open(target.url);
  else if (target.target === 'Link') navigate(target.url);
  else void requireLogin();
}

/** Customer support: the shell's inquiry screen, or the chat-support page in a new tab. */
export function openInquiry(context: InquiryContext = {}): void {
  if (postToShell('openInquiry', context)) return;
  const url = new URL(INQUIRY_URL);
  for (const [key, value] of Object.entries(context)) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  pageNavigation.open(url.toString());
}

/** The home page is on screen (the shell hides its launch screen). */
export function mainPageLoaded(): boolean {
  return postToShell('mainPage_loaded');
}
