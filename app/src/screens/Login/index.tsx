// Login (/auth/:provider?, SPEC.md sections 2 and 4). Without a token: Apple login, Kakao login and Kakao
// direct account entry, each leaving for the API's sign-in page with this origin as the state (the button
// spinner resets after 8 s, for a user who comes back without signing in). With ?token= (the sign-in
// pages return here): sign in, then go to the remembered path or home. Already signed in: leave.
import { isApiError } from '@creator-market/sdk/client';
import { takeLoginRedirect, TIMING, tokenLoginFailure } from '@creator-market/sdk/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { LOGIN_PATH, loginOpenedFromReturnPage } from '../../services/login';
import { pageNavigation } from '../../services/pageNavigation';
import { appPathnameBehind, noteProviderTrip } from '../../services/providerDeparture';
import { API_BASE } from '../../config/hosts';
import { isSignedIn, signIn } from '../../stores/session';
import { AppBar } from '../../ui/AppBar';
import { alert } from '../../ui/Dialog';
import { LogoMark } from '../../ui/Logo';
import { canGoBack, goBack, navigate } from '../../lib/navigation';
import { Spinner } from '../../ui/Spinner';
import styles from './Login.module.css';
import { hostPath } from '../../config/appBase';

// Only the in-browser mock needs it; a production build never loads it.
const MockPersonaSheet =
  import.meta.env.VITE_MOCK_IN_BROWSER === '1'
    ? lazy(() => import('./MockPersonaSheet').then((m) => ({ default: m.MockPersonaSheet })))
    : null;

export type LoginMethod = 'apple' | 'kakao' | 'kakao-account';

/** The API's sign-in page for a method; it comes back to {origin}/auth/<provider>?token=... */
export function signInUrl(method: LoginMethod, origin: string = window.location.origin): string {
  const base = API_BASE.replace(/\/+$/, '');
  const state = encodeURIComponent(origin);
  return method === 'apple' ? `${base}/auth/v2/apple?state=${state}&scope=email%20name` : `${base}/auth/v2/kakao?state=${state}`;
}

/** Where to go after signing in: the remembered path (never the login screen itself), else home. */
function pathAfterLogin(): string {
  const redirect = takeLoginRedirect(sessionStorage);
  return redirect && !redirect.path.startsWith(LOGIN_PATH) ? redirect.path : '/';
}

function leave(): void {
  if (canGoBack()) goBack();
  else navigate('/', { replace: true });
}

function useTokenSignIn(token: string | null): void {
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    signIn(token).then(
      () => {
        if (!cancelled) navigate(pathAfterLogin(), { replace: true });
      },
      async (error: unknown) => {
        if (cancelled) return;
        const failure = tokenLoginFailure(isApiError(error) ? error.code : 'unknown');
        await alert({ title: failure.title, message: failure.message, confirmText: '다시 로그인' });
        // A reload into the login screen starts over without the spent token.
        pageNavigation.assign(hostPath(LOGIN_PATH));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token]);
}

export default function Login() {
  const token = new URLSearchParams(useSearch()).get('token');
  const [pending, setPending] = useState<LoginMethod | null>(null);
  const [mockProvider, setMockProvider] = useState<'apple' | 'kakao' | null>(null);
  const signedInAtStart = useRef(isSignedIn());

  useTokenSignIn(token);

  // Someone already signed in has nothing to do here.
  useEffect(() => {
    if (!token && signedInAtStart.current) leave();
  }, [token]);

  // The sign-in page replaces this one; if the user comes back without signing in, the button works again.
  useEffect(() => {
    if (pending === null) return;
    const timer = setTimeout(() => setPending(null), TIMING.socialLoginSpinnerResetMs);
    return () => clearTimeout(timer);
  }, [pending]);

  function start(method: LoginMethod) {
    if (pending !== null) return;
    setPending(method);
    if (MockPersonaSheet) setMockProvider(method === 'apple' ? 'apple' : 'kakao');
    else {
      // The sign-in page and its return leave no entries behind (services/providerTrip.ts): the return takes the
      // place of this screen's entry, or of the page behind it when that is where the user goes back to.
      noteProviderTrip(`${LOGIN_PATH}/`, 'token', { beforeLeaving: loginOpenedFromReturnPage() && appPathnameBehind() !== null });
      pageNavigation.assign(signInUrl(method));
    }
  }

  if (token) {
    return (
      <div className={styles.signingIn} role="status">
        <Spinner size={36} label="" />
        <p>로그인하고 있어요</p>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <AppBar title="로그인" left="close" onLeft={leave} />
      <section className={styles.hero}>
        <LogoMark size={72} className={styles.mark} />
        <h2 className={styles.headline}>
          좋아하는 작가님의 마켓,
          <br />
          열리는 순간 놓치지 마세요
        </h2>
        <p className={styles.lead}>간편 로그인으로 구독, 오픈 알림, 장바구니를 이용할 수 있어요.</p>
      </section>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${styles.social} ${styles.kakao}`}
          onClick={() => start('kakao')}
          disabled={pending !== null}
          aria-busy={pending === 'kakao' || undefined}
        >
          {pending === 'kakao' ? <Spinner size={20} tone="current" label="" /> : <KakaoSymbol />}
          <span>카카오로 시작하기</span>
        </button>
        <button
          type="button"
          className={`${styles.social} ${styles.apple}`}
          onClick={() => start('apple')}
          disabled={pending !== null}
          aria-busy={pending === 'apple' || undefined}
        >
          {pending === 'apple' ? <Spinner size={20} tone="current" label="" /> : <AppleSymbol />}
          <span>Apple로 시작하기</span>
        </button>
        <button
          type="button"
          className={styles.accountEntry}
          onClick={() => start('kakao-account')}
          disabled={pending !== null}
          aria-busy={pending === 'kakao-account' || undefined}
        >
          {pending === 'kakao-account' && <Spinner size={14} tone="current" label="" />}
          카카오 계정 직접 입력하기
        </button>
      </div>
      <p className={styles.note}>로그인하면 서비스 이용약관과 개인정보 처리방침에 동의하는 것으로 봐요.</p>
      {MockPersonaSheet && (
        <Suspense fallback={null}>
          <MockPersonaSheet
            provider={mockProvider}
            onClose={() => {
              setMockProvider(null);
              setPending(null);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

function KakaoSymbol() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 3.5c-5.25 0-9.5 3.33-9.5 7.44 0 2.65 1.77 4.98 4.43 6.3l-.9 3.3c-.08.3.26.54.52.37l3.94-2.6c.49.05.99.08 1.51.08 5.25 0 9.5-3.33 9.5-7.45S17.25 3.5 12 3.5z"
      />
    </svg>
  );
}

function AppleSymbol() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M16.37 12.6c-.02-2.2 1.8-3.27 1.88-3.32-1.03-1.5-2.62-1.7-3.19-1.73-1.36-.14-2.65.8-3.34.8-.7 0-1.75-.78-2.88-.76-1.48.02-2.85.86-3.61 2.19-1.54 2.67-.39 6.62 1.11 8.79.73 1.06 1.6 2.25 2.74 2.2 1.1-.04 1.52-.71 2.85-.71 1.33 0 1.7.71 2.87.69 1.19-.02 1.94-1.08 2.66-2.14.84-1.23 1.19-2.42 1.21-2.48-.03-.01-2.32-.89-2.35-3.53zM14.18 6.12c.6-.73 1.01-1.75.9-2.77-.87.04-1.93.58-2.56 1.31-.56.65-1.05 1.69-.92 2.69.97.08 1.97-.49 2.58-1.23z"
      />
    </svg>
  );
}
