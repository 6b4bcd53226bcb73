import { configStore, LOGIN_REDIRECT_KEY } from '@creator-market/sdk/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { MOCK_WORLD_STORAGE_KEY } from '../../api/mockWorlds';
import { pageNavigation } from '../../services/pageNavigation';
import { renderAt, resetAppState, signInAs } from '../../testing/appHarness';
import { recordControlCalls, setupMockApi } from '../../testing/testServer';
import { API_BASE } from '../../config/hosts';
import { http, HttpResponse } from 'msw';
import { session } from '../../stores/session';
import Setting from './index';

const server = setupMockApi();

beforeEach(() => {
  resetAppState();
  session.ready = true;
});

afterEach(() => {
  vi.unstubAllEnvs();
  delete window.ReactNativeWebView;
});

describe('Settings', () => {
  test('a guest sees the login prompt in the account card; 로그인 comes back here afterwards', () => {
    renderAt('/setting', <Setting />);
    const account = screen.getByRole('region', { name: '계정' });
    expect(within(account).getByText('로그인이 필요해요')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '회원 탈퇴' })).not.toBeInTheDocument();
    fireEvent.click(within(account).getByRole('button', { name: '로그인' }));
    expect(window.location.pathname).toBe('/auth');
    expect(JSON.parse(sessionStorage.getItem(LOGIN_REDIRECT_KEY) ?? 'null')).toEqual({ path: '/setting', direct: false });
  });

  test('the account button spins while the sign-in state is not known yet', () => {
    session.ready = false;
    renderAt('/setting', <Setting />);
    expect(within(screen.getByRole('region', { name: '계정' })).getByRole('button')).toHaveAttribute('aria-busy', 'true');
  });

  test('signed in: the e-mail, and 로그아웃 clears the user stores and goes home', async () => {
    await signInAs('buyer');
    configStore.write(localStorage, { ...configStore.defaults(), nextNotifyRequestTime: 5 });
    renderAt('/setting', <Setting />);
    const account = screen.getByRole('region', { name: '계정' });
    expect(within(account).getByText('buyer@creator-market.test')).toBeInTheDocument();
    fireEvent.click(within(account).getByRole('button', { name: '로그아웃' }));
    expect(session.token).toBeNull();
    expect(localStorage.getItem('config')).toBeNull();
    expect(localStorage.getItem('subscribe')).toBeNull();
    expect(window.location.pathname).toBe('/');
  });

  test('the scroll view of products is remembered in the config store', () => {
    renderAt('/setting', <Setting />);
    const toggle = screen.getByRole('switch', { name: '물품 스크롤로 보기' });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    expect(toggle).toBeChecked();
    expect(configStore.read(localStorage).remember.viewProductScroll).toBe(true);
    fireEvent.click(toggle);
    expect(configStore.read(localStorage).remember.viewProductScroll).toBe(false);
  });

  test('the usage guide opens outside', () => {
    const open = vi.spyOn(pageNavigation, 'open').mockImplementation(() => {});
    renderAt('/setting', <Setting />);
    fireEvent.click(screen.getByRole('button', { name: '이용 가이드' }));
    expect(open).toHaveBeenCalledTimes(1);
  });

  test('native-only items are hidden on the web and shown in the app', () => {
    const { unmount } = renderAt('/setting', <Setting />);
    expect(screen.queryByRole('button', { name: '앱 알림 설정' })).not.toBeInTheDocument();
    unmount();
    const postMessage = vi.fn();
    window.ReactNativeWebView = { postMessage };
    renderAt('/setting', <Setting />);
    fireEvent.click(screen.getByRole('button', { name: '앱 알림 설정' }));
    const sent = postMessage.mock.calls.map(([message]) => JSON.parse(message as string) as { action: string; data?: unknown });
    expect(JSON.stringify(sent.filter((message) => message.action === 'openSetting'))).toContain('notifications');
  });

  test('a seller cannot withdraw alone: the dialog offers an inquiry', async () => {
    const open = vi.spyOn(pageNavigation, 'open').mockImplementation(() => {});
    await signInAs('seller');
    renderAt('/setting', <Setting />);
    fireEvent.click(screen.getByRole('button', { name: '회원 탈퇴' }));
    expect(await screen.findByText(/관리자 확인 후/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '문의하기' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(session.token).not.toBeNull();
  });

  test('a buyer with paid orders is refused: 회원 탈퇴 실패', async () => {
    await signInAs('buyer');
    renderAt('/setting', <Setting />);
    fireEvent.click(screen.getByRole('button', { name: '회원 탈퇴' }));
    fireEvent.click(await screen.findByRole('button', { name: '탈퇴하기' }));
    expect(await screen.findByText('회원 탈퇴 실패')).toBeInTheDocument();
    expect(session.token).not.toBeNull();
  });

  test('a buyer confirms, the account is deleted and signed out', async () => {
    await signInAs('buyer-new');
    renderAt('/setting', <Setting />);
    fireEvent.click(screen.getByRole('button', { name: '회원 탈퇴' }));
    fireEvent.click(await screen.findByRole('button', { name: '탈퇴하기' }));
    expect(await screen.findByText('탈퇴가 완료되었어요')).toBeInTheDocument();
    expect(session.token).toBeNull();
    expect(window.location.pathname).toBe('/');
  });

  describe('Lab', () => {
    test('signs in as a persona of the mock, with the whole control plane answering as on the server', async () => {
      renderAt('/setting', <Setting />);
      const lab = screen.getByRole('region', { name: /실험실/ });
      fireEvent.click(await within(lab).findByRole('button', { name: 'seller' }));
      await waitFor(() => expect(session.me?.auth.email).toBe('seller@creator-market.test'));
      // The core answers /__mock in component tests too (msw/node door): the sticky scenarios show.
      expect(await within(lab).findByText('고정 시나리오')).toBeInstanceOf(HTMLElement);
    });

    test.each([
      { pinned: 'lab-world', sent: 'lab-world' },
      { pinned: null, sent: null },
    ])('acts on the mock world the app is pinned to ($pinned): X-Mock-World on every control call', async ({ pinned, sent }) => {
      if (pinned) localStorage.setItem(MOCK_WORLD_STORAGE_KEY, pinned);
      const calls = recordControlCalls(server);
      renderAt('/setting', <Setting />);
      const lab = screen.getByRole('region', { name: /실험실/ });
      fireEvent.click(await within(lab).findByRole('button', { name: 'seller' }));
      await waitFor(() => expect(session.me?.auth.email).toBe('seller@creator-market.test'));
      expect(calls.map((call) => call.call).sort()).toEqual([
        'GET /clock',
        'GET /personas',
        'GET /requests',
        'GET /scenarios',
        'POST /login',
      ]);
      expect(calls.every((call) => call.world === sent)).toBe(true);
    });

    test("shows the world's latest API requests from the mock's request journal, newest first, and refreshes them", async () => {
      const journal = [
        { time: '2026-11-24T01:02:03.000Z', operationId: 'getMe', method: 'GET', path: '/user/me', status: 200, durationMs: 1.5 },
        {
          time: '2026-11-24T01:02:04.000Z',
          operationId: 'insertReceipt',
          method: 'POST',
          path: '/receipt/insert',
          status: 400,
          durationMs: 3,
        },
      ];
      server.use(http.get(`${API_BASE}/__mock/requests`, () => HttpResponse.json({ capacity: 1000, requests: journal })));
      renderAt('/setting', <Setting />);
      const lab = screen.getByRole('region', { name: /실험실/ });
      const list = await within(lab).findByRole('list', { name: '받은 요청 목록' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['400 POST /receipt/insert 10:02:04 · 3ms', '200 GET /user/me 10:02:03 · 1.5ms']);
      journal.push({ time: '2026-11-24T01:02:05.000Z', operationId: 'getMe', method: 'GET', path: '/user/me', status: 200, durationMs: 1 });
      fireEvent.click(within(lab).getByRole('button', { name: '새로고침' }));
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    });

    test('says the control plane cannot be used when no mock answers it (a host that serves the app for every path)', async () => {
      server.use(http.all(`${API_BASE}/__mock/*`, () => HttpResponse.html('<!doctype html><title>app</title>')));
      renderAt('/setting', <Setting />);
      const lab = screen.getByRole('region', { name: /실험실/ });
      expect(await within(lab).findByRole('status')).toHaveTextContent(
        /^모의 서버 제어\(\/__mock\)를 사용할 수 없어요\. `pnpm mock`으로 모의 서버를 실행해주세요\.$/,
      );
      expect(within(lab).queryByText('고정 시나리오')).not.toBeInTheDocument();
    });

    test('is hidden outside development unless the debug flag is on (?debug=1 is remembered)', () => {
      vi.stubEnv('DEV', false);
      const { unmount } = renderAt('/setting', <Setting />);
      expect(screen.queryByRole('region', { name: /실험실/ })).not.toBeInTheDocument();
      unmount();
      renderAt('/setting?debug=1', <Setting />);
      expect(screen.getByRole('region', { name: /실험실/ })).toBeInTheDocument();
      expect(localStorage.getItem('cm.debug')).toBe('1');
    });
  });
});
