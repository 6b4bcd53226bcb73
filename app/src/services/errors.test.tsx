// presentError shows exactly what the sdk's resolveError decides. Every error is the mock API's own answer:
// produced for real where a call provokes it (401, 404 of an unknown seller, 403 of another account's order
// room, 400 of a malformed request), else the mock's catalogue answer forced on the call as QA forces it
// (X-Mock-Scenario), so its body (list, server notice) is the one the contract declares.
import { isApiError, type ApiError } from '@creator-market/sdk/client';
import type { ScenarioName } from '@creator-market/sdk/control';
import { LOGIN_REDIRECT_KEY } from '@creator-market/sdk/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../api/client';
import { renderAt, resetAppState, signInAs } from '../testing/appHarness';
import { setupMockApi } from '../testing/testServer';
import { setupMockControl } from '../testing/mockControl';
import { session } from '../stores/session';
import { uiState } from '../stores/ui';
import { presentError } from './errors';
import { notFoundState } from './notFound';
import { pageNavigation } from './pageNavigation';

setupMockApi();
const mock = setupMockControl();

beforeEach(() => {
  resetAppState();
});

/**
 * The options of a call whose answer is the mock's `scenario` (its X-Mock-Scenario header). The forced
 * answer comes before the handler reads the request, so such a call's body need not be a whole one.
 */
const forcing = (scenario: ScenarioName) => ({ headers: mock.scenarios.once(scenario) });

/** The ApiError the app's client rejects the call with. */
async function failure(call: () => Promise<unknown>): Promise<ApiError> {
  try {
    await call();
  } catch (error) {
    if (isApiError(error)) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

describe('presentError', () => {
  test('waits 200 ms before showing anything', async () => {
    // The presenter chunk is loaded already, as the app has it once the overlays are up (preloadErrorCatalogue).
    await import('./errorPresenter');
    const error = await failure(() => api.get('/common/v2/search-keyword', forcing('network-error')));
    expect(error).toMatchObject({ status: 0, code: 'network-error' });
    vi.useFakeTimers();
    try {
      renderAt('/', null);
      void presentError(error);
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
    const body = { sellerId: '6650f1c2a9d3e4b5c6d7e001' };
    const error = await failure(() => api.post('/subscribe/add', { body, ...forcing('http-500') }));
    await presentError(error, { operation: 'addSubscription' });
    expect(await screen.findByText('요청에 실패했습니다. 잠시 후 다시 시도해주세요.')).toBeInTheDocument();
  });

  test('alert with the list of the items concerned', async () => {
    await signInAs('buyer');
    renderAt('/', null);
    // The mock's stock-shortage names lines of the buyer's own cart.
    const error = await failure(() => api.post('/receipt/insert', { body: {} as never, ...forcing('stock-shortage') }));
    expect(error).toMatchObject({ status: 400, code: 'stock-shortage' });
    const [item] = error.list ?? [];
    expect(item?.option).toBeTruthy();
    const shown = presentError(error);
    expect(await screen.findByText('재고 부족 안내')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toHaveTextContent(`· ${item!.title} (${item!.option})`);
    fireEvent.click(screen.getByRole('button', { name: '확인' }));
    expect((await shown).followUp).toBe('reload-cart');
  });

  test("server notice (420) shows the server's own title and message", async () => {
    renderAt('/', null);
    const error = await failure(() => api.get('/common/v2/search-keyword', forcing('http-420')));
    expect(error).toMatchObject({ status: 420, code: 'server-notice' });
    const { title, msg } = error;
    if (!title || !msg) throw new Error('the server notice has no title or msg');
    void presentError(error);
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(msg)).toBeInTheDocument();
  });

  test('confirm: a full cart offers the cart, and choosing it goes there', async () => {
    renderAt('/m/mallang_studio/3', null);
    const error = await failure(() => api.post('/cart/add/common', { body: {} as never, ...forcing('limit-cart') }));
    const shown = presentError(error);
    expect(await screen.findByText('장바구니가 꽉 찼어요')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '장바구니' }));
    expect((await shown).confirmed).toBe(true);
    expect(window.location.pathname).toBe('/cart');
  });

  test('login: a 401 from the API opens the login prompt, and 로그인 remembers this page', async () => {
    renderAt('/m/mallang_studio/3?from=home', null);
    const error = await failure(() => api.get('/user/me'));
    void presentError(error, { operation: 'getMe' });
    expect(await screen.findByText('간편 로그인 후 이용할 수 있어요. 지금 로그인 할까요?')).toBeInTheDocument();
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
    expect(await screen.findByText('주문 계정 확인 필요')).toBeInTheDocument();
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
    expect(dialog).toHaveTextContent('상태: 400 (bad-request)');
    expect(dialog).toHaveTextContent(`사용자: ${session.me?.user.uid}`);
    expect(dialog).toHaveTextContent(/API: POST \/subscribe\/add/);
    expect(dialog).toHaveTextContent(/위치: \/setting/);
    fireEvent.click(screen.getByRole('button', { name: '문의하기' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(open.mock.calls[0]?.[0]).toContain('status=400');
  });

  test('inquiry: the location line is readable text, not percent-encoding', async () => {
    renderAt(`/search/result?q=${encodeURIComponent('다꾸 스티커')}`, null);
    const error = await failure(() => api.post('/subscribe/add', { body: {} as never }));
    expect(error).toMatchObject({ status: 400, code: 'bad-request' });
    void presentError(error, { operation: 'getMe' });
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(/위치: \/search\/result\?q=다꾸 스티커/);
    expect(dialog).not.toHaveTextContent(/%EB/);
  });

  test('silent: operations that never show errors show nothing', async () => {
    renderAt('/', null);
    const query = { sellerPID: 'mallang_studio', type: 'prs' } as const;
    const error = await failure(() => api.get('/common/v2/reco-seller', { params: { query }, ...forcing('http-500') }));
    expect(error).toMatchObject({ status: 500, code: 'internal' });
    const shown = await presentError(error, { operation: 'listRecommendedSellers' });
    expect(shown.kind).toBe('silent');
    expect(uiState.dialogs).toHaveLength(0);
    expect(uiState.toasts).toHaveLength(0);
  });

  test("withdrawal refusals are the catalogue's 회원 탈퇴 실패", async () => {
    renderAt('/setting', null);
    const error = await failure(() => api.post('/auth/unregister/user', { body: { userId: 'x' }, ...forcing('receipt-remained') }));
    void presentError(error, { operation: 'unregisterUser' });
    expect(await screen.findByText('회원 탈퇴 실패')).toBeInTheDocument();
  });
});
