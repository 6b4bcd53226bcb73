// The '로그인 필요' prompt (SPEC.md section 4): services/login.ts opens it before the login screen; its wording is
// the view's (ui/LoginPrompt.tsx), which the overlays' chunk brings.
import { uiState } from './ui';

// Resolvers stay outside the proxy: they are not state anyone renders.
const loginPromptResolvers: Array<(login: boolean) => void> = [];

/** Opens the '로그인 필요' prompt; resolves true when the user chooses '로그인'. */
export function openLoginPrompt(): Promise<boolean> {
  uiState.loginPrompt = true;
  return new Promise((resolve) => loginPromptResolvers.push(resolve));
}

export function closeLoginPrompt(login: boolean): void {
  uiState.loginPrompt = false;
  for (const resolve of loginPromptResolvers.splice(0)) resolve(login);
}

/** Settles a pending prompt as declined (for tests, with resetUiState). */
export function resetLoginPrompt(): void {
  for (const resolve of loginPromptResolvers.splice(0)) resolve(false);
}
