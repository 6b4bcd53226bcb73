import { LOGIN_REDIRECT_KEY, saveLoginRedirect } from '@creator-market/sdk/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { startLogin } from '../../services/login';
import { pageNavigation } from '../../services/pageNavigation';
import { PROVIDER_TRIP_KEY } from '../../services/providerNotes';
import { API_BASE } from '../../config/hosts';
import { renderAt, resetAppState, signInAs } from '../../testing/appHarness';
import { personaToken, setupMockApi } from '../../testing/testServer';
import { session } from '../../stores/session';
import Login from './index';

setupMockApi();

beforeEach(() => {
  resetAppState();
  session.ready = true;
});

describe('Login', () => {
  test('offers Kakao, Apple and Kakao account entry, each leaving for the API sign-in page with this origin', () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    renderAt('/auth', <Login />);
    expect(screen.getByRole('heading', { name: '로그인' })).toBeInTheDocument();
    const origin = encodeURIComponent(window.location.origin);

    fireEvent.click(screen.getByRole('button', { name: /카카오로 시작하기/ }));
    expect(assign).toHaveBeenLastCalledWith(`${API_BASE}/auth/v2/kakao?state=${origin}`);
    // One sign-in at a time: the other buttons wait.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Apple로 시작하기/ })).toBeDisabled();
  });

  test('the sign-in page leaves no history entry: leaving notes the trip, to end on the page the prompt opened on', async () => {
    vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    window.history.replaceState(null, '', '/m/mallang_studio/3');
    startLogin(); // the prompt's 로그인 on the market page: the login screen is pushed
    expect(window.location.pathname).toBe('/auth');
    renderAt('/auth', <Login />);
    fireEvent.click(screen.getByRole('button', { name: /카카오로 시작하기/ }));
    expect(JSON.parse(sessionStorage.getItem(PROVIDER_TRIP_KEY) ?? 'null')).toEqual({
      returnPath: '/auth/',
      param: 'token',
      length: window.history.length,
      back: 1,
      // jsdom has no Navigation API: the count is sure (the page was pushed), no entry key.
      ahead: 0,
      aheadKnown: true,
      endKey: null,
      appEntriesBehind: 0,
    });
    // Back off the login screen, so the tests after this one start with no in-app page behind.
    window.history.back();
    await waitFor(() => expect(window.location.pathname).toBe('/m/mallang_studio/3'));
  });

  test('Apple asks for e-mail and name', () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    renderAt('/auth', <Login />);
    fireEvent.click(screen.getByRole('button', { name: /Apple로 시작하기/ }));
    expect(assign).toHaveBeenLastCalledWith(
      `${API_BASE}/auth/v2/apple?state=${encodeURIComponent(window.location.origin)}&scope=email%20name`,
    );
  });

  test('Kakao account entry goes to the Kakao sign-in page too', () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    renderAt('/auth', <Login />);
    fireEvent.click(screen.getByRole('button', { name: '카카오 계정 직접 입력하기' }));
    expect(assign).toHaveBeenLastCalledWith(`${API_BASE}/auth/v2/kakao?state=${encodeURIComponent(window.location.origin)}`);
  });

  test('the button spinner resets after 8 s for someone who comes back without signing in', () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
      renderAt('/auth', <Login />);
      const kakao = screen.getByRole<HTMLButtonElement>('button', { name: /카카오로 시작하기/ });
      fireEvent.click(kakao);
      expect(kakao).toHaveAttribute('aria-busy', 'true');
      act(() => void vi.advanceTimersByTime(7999));
      expect(kakao).toBeDisabled();
      act(() => void vi.advanceTimersByTime(1));
      expect(kakao).toBeEnabled();
      expect(kakao).not.toHaveAttribute('aria-busy');
    } finally {
      vi.useRealTimers();
    }
  });

  test('back from the sign-in page with a token: signs in and goes to the remembered path', async () => {
    saveLoginRedirect(sessionStorage, { path: '/m/mallang_studio/3?from=home#notice', direct: false });
    const token = await personaToken('buyer');
    renderAt(`/auth/kakao?token=${encodeURIComponent(token)}`, <Login />);
    expect(screen.getByText('로그인하고 있어요')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/m/mallang_studio/3'));
    expect(window.location.search).toBe('?from=home');
    expect(window.location.hash).toBe('#notice');
    expect(session.me?.auth.email).toBe('buyer@creator-market.test');
    expect(sessionStorage.getItem(LOGIN_REDIRECT_KEY)).toBeNull();
  });

  test('with nothing remembered it goes home', async () => {
    renderAt(`/auth/apple?token=${encodeURIComponent(await personaToken('seller'))}`, <Login />);
    await waitFor(() => expect(session.me?.user.level).toBe(1));
    expect(window.location.pathname).toBe('/');
  });

  test('a token the server refuses: 토큰 인증 실패 with the code, then a reload into /auth', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    renderAt('/auth/kakao?token=not-a-token', <Login />);
    expect(await screen.findByText('토큰 인증 실패')).toBeInTheDocument();
    expect(screen.getByText('unauthorized')).toBeInTheDocument();
    expect(session.token).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '다시 로그인' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth'));
  });

  test('someone already signed in leaves (home when there is no page behind)', async () => {
    await signInAs('buyer');
    window.history.replaceState(null, '', '/somewhere');
    renderAt('/auth', <Login />);
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });
});
