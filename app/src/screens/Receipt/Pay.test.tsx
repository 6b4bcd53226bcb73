import { latestStatus, latestStatusEntry } from '@creator-market/sdk/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { confirmDeposit, markPaid } from '@creator-market/mock-server/world/orders';
import { pageNavigation } from '../../services/pageNavigation';
import { PROVIDER_TRIP_KEY } from '../../services/providerNotes';
import { navigate } from '../../lib/navigation';
import { API_BASE } from '../../config/hosts';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { signInAs } from '../../testing/appHarness';
import { buyerReceipt, changeReceipt, handlersOf, receiptNow, setupReceiptWorld } from '../../testing/receiptTestWorld';
import PayScreen from './Pay';

const { world, server } = setupReceiptWorld();

beforeEach(async () => {
  resetScreenState();
  await signInAs('buyer');
});

afterEach(() => {
  delete window.ReactNativeWebView;
});

const payable = () => buyerReceipt(world(), 0, (r) => r.payment.option === 1);

async function openPay(publicId: string, query = '') {
  renderScreen(`/r/${publicId}/pay${query}`, '/r/:publicId/pay', PayScreen);
  await screen.findByText('결제 금액');
}

/** Captures the hidden form the page submits (jsdom cannot leave the page). */
function captureFormSubmit() {
  const submitted: HTMLFormElement[] = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this);
  });
  return submitted;
}

function fieldsOf(form: HTMLFormElement): Record<string, string> {
  return Object.fromEntries([...form.querySelectorAll('input')].map((input) => [input.name, input.value]));
}

const payButton = () => screen.getByRole('button', { name: /결제하기$/ });

describe('네이버페이 and 카카오페이', () => {
  test.each([
    ['네이버페이', 'naver', 'NAVERPAY'],
    ['카카오페이', 'kakao', 'KAKAOPAY'],
  ])('%s posts the provider form with its fields', async (label, provider, method) => {
    const receipt = payable();
    const submitted = captureFormSubmit();
    await openPay(receipt.publicId);
    fireEvent.click(screen.getByRole('radio', { name: label }));
    fireEvent.click(payButton());
    await waitFor(() => expect(submitted).toHaveLength(1));
    const form = submitted[0]!;
    expect(form.method).toBe('post');
    expect(form.action).toBe(`${API_BASE}/__pay/${provider}`);
    expect(fieldsOf(form)).toMatchObject({
      method,
      mchtTrdNo: receipt.publicId,
      trdAmt: String(receipt.totalPrice),
      nextUrl: `${window.location.origin}/r/${receipt.publicId}/pay`,
    });
    expect(fieldsOf(form).pktHash).toMatch(/^[0-9a-f]{16}$/);
  });

  test('back from the provider: the result toast, the page without the query, paid → the receipt', async () => {
    const receipt = payable();
    markPaid(world(), receipt.publicId, { type: 'naverpay', name: '네이버페이', no: '12345678' }, world().clock.now());
    world().touched();
    renderScreen(`/r/${receipt.publicId}/pay?result=success`, '/r/:publicId/pay', PayScreen);
    expect(await screen.findByText('결제에 성공했어요')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe(`/r/${receipt.publicId}`));
    expect(screen.getAllByText('결제에 성공했어요')).toHaveLength(1);
  });

  test('paid again after back (the provider reports a failure of an order already paid): no second success, on to the receipt', async () => {
    const receipt = payable();
    markPaid(world(), receipt.publicId, { type: 'naverpay', name: '네이버페이', no: '12345678' }, world().clock.now());
    world().touched();
    const entries = window.history.length;
    renderScreen(`/r/${receipt.publicId}/pay?result=failed`, '/r/:publicId/pay', PayScreen);
    await waitFor(() => expect(window.location.pathname).toBe(`/r/${receipt.publicId}`));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByText('결제에 성공했어요')).not.toBeInTheDocument();
    expect(screen.queryByText('결제에 실패했어요')).not.toBeInTheDocument();
    // The pay page's entry is replaced, not stacked.
    expect(window.history.length).toBe(entries);
  });

  test('declined at the provider: 결제에 실패했어요 and the methods again', async () => {
    const receipt = payable();
    renderScreen(`/r/${receipt.publicId}/pay?result=failed`, '/r/:publicId/pay', PayScreen);
    expect(await screen.findByText('결제에 실패했어요')).toBeInTheDocument();
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).toBe(`/r/${receipt.publicId}/pay`);
    expect(screen.getByRole('radio', { name: '네이버페이' })).toBeInTheDocument();
  });
});

describe('credit card', () => {
  test('opens the provider’s payment address with the app origin', async () => {
    const receipt = payable();
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    await openPay(receipt.publicId);
    fireEvent.click(screen.getByRole('radio', { name: '신용카드' }));
    fireEvent.click(payButton());
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const url = new URL(assign.mock.calls[0]![0]);
    expect(`${url.origin}${url.pathname}`).toBe(`${API_BASE}/__pay/card`);
    expect(url.searchParams.get('oid')).toBe(receipt.publicId);
    expect(url.searchParams.get('origin')).toBe(window.location.origin);
  });

  test('the provider pages leave no history entry: opened from the receipt, the return is to end in its place', async () => {
    const receipt = payable();
    vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    navigate(`/r/${receipt.publicId}`);
    navigate(`/r/${receipt.publicId}/pay`);
    await openPay(receipt.publicId);
    fireEvent.click(screen.getByRole('radio', { name: '신용카드' }));
    fireEvent.click(payButton());
    await waitFor(() => expect(sessionStorage.getItem(PROVIDER_TRIP_KEY)).not.toBeNull());
    expect(JSON.parse(sessionStorage.getItem(PROVIDER_TRIP_KEY)!)).toEqual({
      returnPath: `/r/${receipt.publicId}/pay`,
      param: 'result',
      length: window.history.length,
      back: 1,
      // jsdom has no Navigation API: the count is sure (the page was pushed), no entry key.
      ahead: 0,
      aheadKnown: true,
      endKey: null,
      appEntriesBehind: 0,
    });
  });

  test('refused by the card provider: 결제 시도 오류 with the detail', async () => {
    const receipt = payable();
    // The mock card provider refuses the payer 'decline': answer this buyer's request as that payer's.
    server.use(
      http.post(`${API_BASE}/payple/pay/v2/appcard`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        const declined = new Request(request.url, {
          method: 'POST',
          headers: request.headers,
          body: JSON.stringify({ ...body, payerId: 'decline' }),
        });
        return getResponse(handlersOf(world()), declined);
      }),
    );
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    await openPay(receipt.publicId);
    fireEvent.click(screen.getByRole('radio', { name: '신용카드' }));
    fireEvent.click(payButton());
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('결제 시도 오류')).toBeInTheDocument();
    expect(within(dialog).getByText(/오류로 인해 실패했습니다\.\s*카드사 인증에 실패했습니다/)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('virtual account', () => {
  test('issued, copied, pending, then the deposit arrives: paid and on to the receipt', async () => {
    const receipt = payable();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openPay(receipt.publicId);
    fireEvent.click(screen.getByRole('radio', { name: /가상계좌/ }));
    fireEvent.click(payButton());

    const panel = await screen.findByRole('region', { name: '입금 계좌' });
    const issued = receiptNow(world(), receipt.publicId).paymentResult!;
    expect(latestStatus(receiptNow(world(), receipt.publicId).status)).toBe(99);
    expect(within(panel).getByText('우리은행')).toBeInTheDocument();
    expect(within(panel).getByText(issued.no)).toBeInTheDocument();
    expect(within(panel).getByText(/^크리에이터마켓_/)).toBeInTheDocument();
    expect(within(panel).getByRole('timer')).toHaveTextContent(/^2[34]:\d\d:\d\d 남음$/);
    // Issued, nothing deposited yet: nothing is being confirmed until the buyer asks ('입금 확인').
    expect(within(panel).queryByText('결제 확인 중이에요')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    fireEvent.click(within(panel).getByRole('button', { name: '계좌번호 복사' }));
    expect(await screen.findByText('복사가 완료되었습니다!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(issued.no);

    fireEvent.click(within(panel).getByRole('button', { name: '입금 확인' }));
    await waitFor(() => expect(screen.getAllByText('결제 확인 중이에요').length).toBe(2)); // the panel and the toast

    confirmDeposit(world(), receipt.publicId, world().clock.now());
    world().touched();
    fireEvent.click(within(panel).getByRole('button', { name: '입금 확인' }));
    expect(await screen.findByText('결제에 성공했어요')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe(`/r/${receipt.publicId}`));
    expect(latestStatus(receiptNow(world(), receipt.publicId).status)).toBe(1);
  });

  test('pending for 10 minutes: 10분 후에도 확인 중이면 문의주세요', async () => {
    const receipt = buyerReceipt(world(), 99);
    const pendingSince = Date.parse(latestStatusEntry(receipt.status)!.timestamp);
    // The world()'s clock 11 minutes after the account was issued (the app follows the server's clock).
    world().clock.set(pendingSince + 11 * 60_000);
    await openPay(receipt.publicId);
    const panel = await screen.findByRole('region', { name: '입금 계좌' });
    expect(within(panel).queryByText('10분 후에도 확인 중이면 문의주세요')).not.toBeInTheDocument();
    fireEvent.click(within(panel).getByRole('button', { name: '입금 확인' }));
    await waitFor(() => expect(screen.getAllByText('10분 후에도 확인 중이면 문의주세요')).toHaveLength(2));
  });

  test('needs a refund account: guided to the buyer info', async () => {
    const receipt = payable();
    changeReceipt(world(), receipt.publicId, (r) => ({ ...r, buyerAccount: { name: '', no: '', type: '' } }));
    await openPay(receipt.publicId);
    fireEvent.click(screen.getByRole('radio', { name: /가상계좌/ }));
    fireEvent.click(payButton());
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('환불 계좌를 입력해주세요')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '입력하기' }));
    await waitFor(() => expect(window.location.pathname).toBe(`/r/${receipt.publicId}/info`));
    expect(latestStatus(receiptNow(world(), receipt.publicId).status)).toBe(0);
  });
});

describe('orders with nothing to pay', () => {
  test('an unpayable order offers to cancel: 다음에 keeps it, 주문 취소 cancels with the fixed reason', async () => {
    const receipt = buyerReceipt(world(), 0, (r) => r.payment.option === 0);
    await openPay(receipt.publicId);
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('결제 불가')).toBeInTheDocument();
    expect(within(dialog).getByText('현재 결제할 수 없는 주문이에요. 주문을 취소해 주세요.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '다음에' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('radio', { name: '네이버페이' })).not.toBeInTheDocument();
    expect(latestStatus(receiptNow(world(), receipt.publicId).status)).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: '주문 취소' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '주문 취소' }));
    await waitFor(() =>
      expect(latestStatusEntry(receiptNow(world(), receipt.publicId).status)).toMatchObject({ status: 10, desc: '결제 불가 주문 취소' }),
    );
    await waitFor(() => expect(window.location.pathname).toBe(`/r/${receipt.publicId}`));
  });

  test('an order paid just now goes to its receipt saying so', async () => {
    const receipt = payable();
    markPaid(world(), receipt.publicId, { type: 'card', name: '신한카드', no: '87654321' }, world().clock.now());
    world().touched();
    renderScreen(`/r/${receipt.publicId}/pay`, '/r/:publicId/pay', PayScreen);
    expect(await screen.findByText('결제에 성공했어요')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe(`/r/${receipt.publicId}`));
  });

  test('an order paid long ago goes to its receipt without a word', async () => {
    const receipt = buyerReceipt(world(), 1);
    renderScreen(`/r/${receipt.publicId}/pay`, '/r/:publicId/pay', PayScreen);
    await waitFor(() => expect(window.location.pathname).toBe(`/r/${receipt.publicId}`));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByText('결제에 성공했어요')).not.toBeInTheDocument();
  });

  test('in the native app the pay page closes instead of going back', async () => {
    const postMessage = vi.fn();
    window.ReactNativeWebView = { postMessage };
    await openPay(payable().publicId);
    fireEvent.click(screen.getByRole('button', { name: '닫기' }));
    expect(JSON.parse(postMessage.mock.calls[0]?.[0] as string)).toEqual({ action: 'close' });
  });
});
