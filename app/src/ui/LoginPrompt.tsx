// The '로그인 필요' confirm (SPEC.md section 6): opened by openLoginPrompt() (route guard, 401 answers,
// guest actions). Mount once with the app's login navigation as `onLogin`.
import { useSnapshot } from 'valtio';
import { closeLoginPrompt } from '../stores/loginPrompt';
import { uiState } from '../stores/ui';
import { DialogView } from './Dialog';

export { openLoginPrompt } from '../stores/loginPrompt';

const LOGIN_PROMPT = {
  title: '로그인 필요',
  message: '간편 로그인 후 이용할 수 있어요. 지금 로그인 할까요?',
  confirmText: '로그인',
  cancelText: '다음에',
} as const;

export interface LoginPromptProps {
  /** Runs after the user chooses '로그인' (e.g. navigate to /auth). */
  onLogin: () => void;
}

export function LoginPrompt({ onLogin }: LoginPromptProps) {
  const { loginPrompt } = useSnapshot(uiState);
  if (!loginPrompt) return null;
  return (
    <DialogView
      title={LOGIN_PROMPT.title}
      message={LOGIN_PROMPT.message}
      confirmText={LOGIN_PROMPT.confirmText}
      cancelText={LOGIN_PROMPT.cancelText}
      onConfirm={() => {
        closeLoginPrompt(true);
        onLogin();
      }}
      onCancel={() => closeLoginPrompt(false)}
    />
  );
}
