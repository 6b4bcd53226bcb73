// presentError shows exactly what the sdk's resolveError decides. Errors come from the mock API where the
// mock produces them for real (401, 404 of an unknown seller, 403 of another account's order room, 400 of a
// malformed request) and are built as ApiError values for codes a single call cannot provoke here.
import { ApiError } from '@creator-market/sdk/client';
import type { ApiErrorCode } from '@creator-market/sdk/domain';
import { LOGIN_REDIRECT_KEY } from '@creator-market/sdk/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../api/client';
import { renderAt, resetAppState, signInAs } from '../mocks/appHarness';
import { setupMockApi } from '../mocks/testServer';
import { session } from '../stores/session';
import { uiState } from '../stores/ui';
import { presentError } from './errors';
import { notFoundState } from './notFound';
import { pageNavigation } from './pageNavigation';

setupMockApi();

beforeEach(() => {
  resetAppState();
});

function apiError(status: number, code: ApiErrorCode, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}): ApiError {
  return new ApiError({
    status,
    code,
    message: `${code} from the server`,
    method: 'POST',
    url: 'http://127.0.0.1:4010/cart/add/common',
    ...extra,
  });
}

async function failure(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

describe('presentError', () => {
  test('waits 200 ms before showing anything', async () => {
    // The presenter chunk is loaded already, as the app has it once the overlays are up (preloadErrorCatalogue).
    await import('./errorPresenter');
    vi.useFakeTimers();
    try {
      renderAt('/', null);
      void presentError(apiError(0, 'network-error'));
      await vi.advanceTimersByTimeAsync(150);
      expect(uiState.dialogs).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(60);
      expect(uiState.dialogs[0]?.title).toBe('인터넷에 연결할 수 없어요');
    } finally {
      vi.useRealTimers();
    }
  });

  test('toast: a failed subscription shows the request-failed toast', async () => {
    renderAt('/', null);
    await presentError(apiError(400, 'operation-failed'), { operation: 'addSubscription' });
    expect(await screen.findByText('요청에 실패했습니다. 잠시 후 다시 시도해주세요.')).toBeTruthy();
  });

  test('alert with the list of the items concerned', async () => {
    renderAt('/', null);
    const shown = presentError(
      apiError(400, 'stock-shortage', {
        list: [{ _id: '6650f1c2a9d3e4b5c6d7e801', title: '말랑 곰돌이 키링', option: '핑크', available: 2 }],
      }),
    );
    expect(await screen.findByText('재고 부족 안내')).toBeTruthy();
    expect(screen.getByText(/· 말랑 곰돌이 키링 \(핑크\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '확인' }));
    expect((await shown).followUp).toBe('reload-cart');
  });

  test("server notice (420) shows the server's own title and message", async () => {
    renderAt('/', null);
    void presentError(apiError(420, 'server-notice', { title: '서버 점검 안내', msg: '오전 3시까지 점검해요' }));
    expect(await screen.findByText('서버 점검 안내')).toBeTruthy();
    expect(screen.getByText('오전 3시까지 점검해요')).toBeTruthy();
  });

  test('confirm: a full cart offers the cart, and choosing it goes there', async () => {
    renderAt('/m/mallang_studio/3', null);
    const shown = presentError(apiError(400, 'limit-cart'));
    expect(await screen.findByText('장바구니가 꽉 찼어요')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '장바구니' }));
    expect((await shown).confirmed).toBe(true);
    expect(window.location.pathname).toBe('/cart');
  });

  test('login: a 401 from the API opens the login prompt, and 로그인 remembers this page', async () => {
    renderAt('/m/mallang_studio/3?from=home', null);
    const error = await failure(() => api.get('/user/me'));
    void presentError(error, { operation: 'getMe' });
    expect(await screen.findByText('간편 로그인 후 이용할 수 있어요. 지금 로그인 할까요?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '로그인' }));
    await waitFor(() => expect(window.location.pathname).toBe('/auth'));
    expect(JSON.parse(sessionStorage.getItem(LOGIN_REDIRECT_KEY) ?? 'null')).toEqual({
      path: '/m/mallang_studio/3?from=home',
      direct: false,
    });
  });

  test('not found: an unknown seller replaces the page with Not found', async () => {
    renderAt('/profile/no_such_seller', null);
    const error = await failure(() => api.get('/common/v2/seller/{sellerPID}', { params: { path: { sellerPID: 'no_such_seller' } } }));
    await presentError(error, { operation: 'getSeller' });
    expect(notFoundState.path).toBe('/profile/no_such_seller');
  });

  test("relogin: another account's order asks to sign in again with the ordering account", async () => {
    await signInAs('buyer');
    const [room] = await api.get('/room');
    expect(room).toBeDefined();
    await signInAs('buyer-new');
    renderAt('/order/x', null);
    const error = await failure(() => api.get('/room/info/{roomId}', { params: { path: { roomId: room!._id } } }));
    expect(error).toMatchObject({ status: 403, code: 'permission-denied' });
    const shown = presentError(error, { operation: 'getRoomInfo' });
    expect(await screen.findByText('주문 계정 확인 필요')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '확인' }));
    await shown;
    expect(session.token).toBeNull();
    expect(window.location.pathname).toBe('/auth');
    expect(JSON.parse(sessionStorage.getItem(LOGIN_REDIRECT_KEY) ?? 'null')).toMatchObject({ path: '/order/x' });
  });

  test('inquiry: an unexpected error shows status, message, user, api and location, and 문의하기 opens support', async () => {
    const open = vi.spyOn(pageNavigation, 'open').mockImplementation(() => {});
    await signInAs('buyer');
    renderAt('/setting', null);
    const error = await failure(() => api.post('/subscribe/add', { body: {} as never }));
    expect(error).toMatchObject({ status: 400, code: 'bad-request' });
    void presentError(error, { operation: 'getMe' });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('상태: 400 (bad-request)');
    expect(dialog.textContent).toContain(`사용자: ${session.me?.user.uid}`);
    expect(dialog.textContent).toContain('API: POST /subscribe/add');
    expect(dialog.textContent).toContain('위치: /setting');
    fireEvent.click(screen.getByRole('button', { name: '문의하기' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open.mock.calls[0]?.[0]).toContain('status=400');
  });

  test('inquiry: the location line is readable text, not percent-encoding', async () => {
    renderAt(`/search/result?q=${encodeURIComponent('다꾸 스티커')}`, null);
    void presentError(apiError(400, 'bad-request'), { operation: 'getMe' });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('위치: /search/result?q=다꾸 스티커');
    expect(dialog.textContent).not.toContain('%EB');
  });

  test('silent: operations that never show errors show nothing', async () => {
    renderAt('/', null);
    const shown = await presentError(apiError(500, 'internal'), { operation: 'listRecommendedSellers' });
    expect(shown.kind).toBe('silent');
    expect(uiState.dialogs).toHaveLength(0);
    expect(uiState.toasts).toHaveLength(0);
  });

  test("withdrawal refusals are the catalogue's 회원 탈퇴 실패", async () => {
    renderAt('/setting', null);
    void presentError(apiError(400, 'receipt-remained'), { operation: 'unregisterUser' });
    expect(await screen.findByText('회원 탈퇴 실패')).toBeTruthy();
  });
});
