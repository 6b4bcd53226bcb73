// The one way the app shows a failed call (SPEC.md section 8): 200 ms after the failure, whatever the
// sdk's resolveError decides (toast, alert, confirm, login prompt, not found, re-login, inquiry, nothing).
import { TIMING, type ErrorAction } from '@creator-market/sdk/domain';
import { importOnce } from '../lib/importOnce';

export interface ErrorPresentationContext {
  /** operationId of the failed call (operation rules of the catalogue). */
  operation?: string;
  /** Method and path of the call; defaults to the failed request's. */
  api?: string;
  /** The page where it happened; defaults to the current path. */
  location?: string;
}

/** What presentError did, so the caller can finish a follow-up only it knows (reload the cart, ...). */
export interface PresentedError extends ErrorAction {
  /** For confirm and inquiry dialogs: true when the user chose the action button. */
  confirmed: boolean;
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The error catalogue (with the receipt texts it quotes) and the code that shows its answers
 * (errorPresenter.ts) are their own chunk: the first screen needs none of it (home route JS budget). A
 * failed fetch is tried again on the next call.
 */
const loadCatalogue = importOnce(() => import('./errorPresenter'));

/**
 * Fetches the catalogue ahead of the first failure (the overlays call this when they mount, once idle after
 * the first screen), so that a call failing because the connection dropped can still be shown.
 */
export function preloadErrorCatalogue(): void {
  loadCatalogue().catch(() => {
    // offline now: presentError tries again
  });
}

/**
 * Shows a failed call the way the catalogue says, ERROR_HANDLING_DELAY_MS after it failed. Resolves when the
 * user has answered (dialogs) or at once (toast, silent), with what was shown.
 */
export async function presentError(error: unknown, context: ErrorPresentationContext = {}): Promise<PresentedError> {
  const presenter = loadCatalogue();
  // The same wait as the catalogue's ERROR_HANDLING_DELAY_MS (TIMING.errorHandleDelayMs), without loading it first.
  await delay(TIMING.errorHandleDelayMs);
  const { showError } = await presenter;
  return showError(error, context);
}
