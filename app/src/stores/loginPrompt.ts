// The '로그인 필요' prompt (SPEC.md section 4): services/login.ts opens it before the login screen.
import { uiState } from './ui';

export const LOGIN_PROMPT = {
  title: '로그인 필요',
  message: '간편 로그인 후 이용할 수 있어요. 지금 로그인 할까요?',
  confirmText: '로그인',
  cancelText: '다음에',
} as const;

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
