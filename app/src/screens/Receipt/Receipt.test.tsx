import { latestStatusEntry } from '@creator-market/sdk/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { confirmDeposit, setReceiptStatus } from '@creator-market/mock-server/world/orders';
import { notFoundState } from '../../services/notFound';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { restoreTabVisibility, setTabVisibility } from '../../testing/tabVisibility';
import { signInAs } from '../../testing/appHarness';
import { session } from '../../stores/session';
import { buyerReceipt, changeReceipt, othersReceipt, receiptNow, setupReceiptWorld } from '../../testing/receiptTestWorld';
import ReceiptScreen from './index';
import { MEMO_TEXT } from './MemoBox';

const { world } = setupReceiptWorld();

const NOTES = {
  cancelAfterPayment: '결제 완료 주문 취소는 판매 작가님에게 문의해주세요',
  noEditAfterCancel: '주문 취소 후에는 수정할 수 없어요.',
  noEditAfterPayment: '결제 완료 후에는 수정이 어려워요. 판매 작가님께 문의해주세요',
  noEditWhileConfirming: '결제 확인 중에는 수정이 어려워요. 판매 작가님께 문의해주세요',
  missingInvoice: '송장번호 없음 (판매 작가 문의)',
};

beforeEach(async () => {
  resetScreenState();
  await signInAs('buyer');
});

afterEach(() => {
  vi.useRealTimers();
});

afterEach(() => {
  restoreTabVisibility();
});

async function openReceipt(publicId: string) {
  const view = renderScreen(`/r/${publicId}`, '/r/:publicId', ReceiptScreen);
  await screen.findByText(publicId);
  return view;
}

const header = () => screen.getByRole('banner', { name: '주문 요약' });
const buyerInfo = () => screen.queryByRole('link', { name: /^구매자 정보/ }) ?? screen.getByRole('group', { name: '구매자 정보' });
const address = () => screen.queryByRole('link', { name: /^배송 주소/ }) ?? screen.getByRole('group', { name: '배송 주소' });

describe('every receipt status: badge, actions and notes', () => {
  test('0 결제 전: pay, cancel, memo and both edits; no status poll while no payment has started', async () => {
    const receipt = buyerReceipt(world(), 0, (r) => r.payment.option === 1 && r.paymentResult === null);
    await openReceipt(receipt.publicId);
    expect(within(header()).getByText('결제 전')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '결제하기' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '주문 취소' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '수정' })).toBeInTheDocument();
    expect(buyerInfo().tagName).toBe('A');
    expect(address().tagName).toBe('A');
    expect(screen.queryByText(/초 후 주문 상태를 다시 확인해요/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '지금 확인' })).not.toBeInTheDocument();
    for (const note of Object.values(NOTES)) expect(screen.queryByText(note)).not.toBeInTheDocument();
  });

  test('99 결제 전 (deposit awaited): the account button and cancel; address and memo no longer', async () => {
    const receipt = buyerReceipt(world(), 99);
    await openReceipt(receipt.publicId);
    expect(within(header()).getByText('결제 전')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '입금 계좌 확인' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '주문 취소' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '수정' })).not.toBeInTheDocument();
    expect(address()).toHaveAttribute('aria-disabled', 'true');
    // Not paid yet: the note says the payment is being confirmed, never '결제 완료 후에는 ...'.
    expect(within(address()).getByText(NOTES.noEditWhileConfirming)).toBeInTheDocument();
    expect(screen.queryByText(NOTES.noEditAfterPayment)).not.toBeInTheDocument();
    expect(buyerInfo().tagName).toBe('A');
  });

  test('1 결제 완료: no cancel (the seller is asked), the missing invoice, buyer info still editable', async () => {
    const receipt = buyerReceipt(world(), 1);
    await openReceipt(receipt.publicId);
    expect(within(header()).getByText('결제 완료')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '주문 취소' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '결제하기' })).not.toBeInTheDocument();
    expect(screen.getByText(NOTES.cancelAfterPayment)).toBeInTheDocument();
    expect(screen.getByText(NOTES.missingInvoice)).toBeInTheDocument();
    expect(within(address()).getByText(NOTES.noEditAfterPayment)).toBeInTheDocument();
    expect(buyerInfo().tagName).toBe('A');
    expect(screen.queryByText(/초 후 주문 상태를 다시 확인해요/)).not.toBeInTheDocument();
  });

  test.each([3, 4])('%i 발송 완료: the invoice with its courier', async (status) => {
    const receipt = buyerReceipt(world(), status);
    await openReceipt(receipt.publicId);
    expect(within(header()).getByText('발송 완료')).toBeInTheDocument();
    expect(screen.getByText(`${receipt.invoice!.company} ${receipt.invoice!.no}`)).toBeInTheDocument();
    expect(screen.queryByText(NOTES.missingInvoice)).not.toBeInTheDocument();
    expect(screen.getByText(NOTES.cancelAfterPayment)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '주문 취소' })).not.toBeInTheDocument();
  });

  test('10 주문 취소 by the buyer: nothing editable, the stepper ends with 주문 취소', async () => {
    const receipt = buyerReceipt(world(), 10);
    await openReceipt(receipt.publicId);
    expect(within(header()).getByText('주문 취소')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '주문 취소' })).not.toBeInTheDocument();
    expect(screen.queryByText(NOTES.cancelAfterPayment)).not.toBeInTheDocument();
    expect(buyerInfo()).toHaveAttribute('aria-disabled', 'true');
    expect(within(buyerInfo()).getByText(NOTES.noEditAfterCancel)).toBeInTheDocument();
    expect(within(address()).getByText(NOTES.noEditAfterCancel)).toBeInTheDocument();
    const steps = within(screen.getByRole('list', { name: '주문 상태' })).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('span:nth-child(2)')?.textContent)).toEqual(['결제 전', '주문 취소']);
  });

  test('11 주문 취소 by the seller: the warning with the seller’s message and the refund', async () => {
    const receipt = buyerReceipt(world(), 11);
    await openReceipt(receipt.publicId);
    expect(within(header()).getByText('주문 취소')).toBeInTheDocument();
    const warning = screen.getByText('판매 작가님이 주문을 취소했어요').closest('[role="alert"]') as HTMLElement;
    expect(within(warning).getByText(receipt.sellerMsg)).toBeInTheDocument();
    expect(within(warning).getByText(/영업일 기준 1~3일/)).toBeInTheDocument();
  });

  test('the header, seller inquiry, items and totals', async () => {
    const receipt = buyerReceipt(world(), 1);
    const detail = await openReceipt(receipt.publicId);
    expect(within(header()).getByText(`${receipt.delivery.name}님의 주문`)).toBeInTheDocument();
    expect(within(header()).getAllByText(`${receipt.totalPrice.toLocaleString('ko-KR')}원`).length).toBeGreaterThan(0);
    const totals = screen.getByLabelText('결제 금액');
    const amountOf = (label: string) => within(totals).getByText(label).nextElementSibling?.textContent;
    expect(amountOf('물품 금액')).toBe(`${receipt.productPrice.toLocaleString('ko-KR')}원`);
    expect(amountOf('배송비')).toBe(`${receipt.delivery.price.toLocaleString('ko-KR')}원`);
    expect(amountOf('총 결제 금액')).toBe(`${receipt.totalPrice.toLocaleString('ko-KR')}원`);
    const items = screen.getByLabelText('주문 물품');
    expect(within(items).getAllByRole('listitem')).toHaveLength(receipt.productList.length);
    const inquiry = screen.getByRole('group', { name: '판매 작가 문의' });
    expect(inquiry).toHaveTextContent(/연락처|등록된 연락처가 없어요/);
    detail.unmount();
  });
});

describe('the order memo', () => {
  test('editable before packaging: required, then saved', async () => {
    const receipt = buyerReceipt(world(), 0, (r) => r.payment.option === 1);
    await openReceipt(receipt.publicId);
    fireEvent.click(screen.getByRole('button', { name: '수정' }));
    const field = screen.getByRole('textbox', { name: '주문 메모' });
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('주문 메모를 입력해주세요')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '리본 포장 부탁드려요' } });
    fireEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('저장 완료 되었어요')).toBeInTheDocument();
    expect(screen.getByText('리본 포장 부탁드려요')).toBeInTheDocument();
    expect(receiptNow(world(), receipt.publicId).memo).toBe('리본 포장 부탁드려요');
  });

  test("a counter shows the memo's length against the contract's limit, which the field keeps to", async () => {
    const receipt = buyerReceipt(world(), 0, (r) => r.payment.option === 1);
    await openReceipt(receipt.publicId);
    fireEvent.click(screen.getByRole('button', { name: '수정' }));
    const field = screen.getByRole<HTMLTextAreaElement>('textbox', { name: '주문 메모' });
    fireEvent.change(field, { target: { value: '리본 포장' } });
    expect(screen.getByText('5/500자')).toBeInTheDocument();
    expect(field.maxLength).toBe(500);
    // The counter is read with the field.
    const described = field
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('5/500자');
    fireEvent.change(field, { target: { value: '가'.repeat(500) } });
    expect(screen.getByText('500/500자')).toBeInTheDocument();
  });

  test('a paid order is editable until packaging starts', async () => {
    const receipt = buyerReceipt(world(), 1);
    const memo = '선물 포장 부탁드려요';
    changeReceipt(world(), receipt.publicId, (r) => ({ ...r, packagingStatus: 0, memo }));
    const first = await openReceipt(receipt.publicId);
    expect(screen.getByRole('button', { name: '수정' })).toBeInTheDocument();
    first.unmount();
    changeReceipt(world(), receipt.publicId, (r) => ({ ...r, packagingStatus: 1 }));
    await openReceipt(receipt.publicId);
    expect(screen.queryByRole('button', { name: '수정' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: MEMO_TEXT.title })).getByText(memo)).toBeInTheDocument();
  });

  test('blocked once shipped', async () => {
    await openReceipt(buyerReceipt(world(), 3).publicId);
    expect(screen.queryByRole('button', { name: '수정' })).not.toBeInTheDocument();
  });
});

describe('cancelling', () => {
  test('asks the reason, then the order is cancelled with it', async () => {
    const receipt = buyerReceipt(world(), 0, (r) => r.payment.option === 1);
    await openReceipt(receipt.publicId);
    fireEvent.click(screen.getByRole('button', { name: '주문 취소' }));
    const drawer = await screen.findByRole('dialog', { name: '주문 취소' });
    fireEvent.click(within(drawer).getByRole('button', { name: '주문 취소' }));
    expect(await within(drawer).findByRole('alert')).toHaveProperty('textContent', '주문 취소 사유를 입력해주세요');
    fireEvent.change(within(drawer).getByPlaceholderText('주문 취소 사유를 입력해주세요'), { target: { value: '주소를 잘못 적었어요' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '주문 취소' }));
    await waitFor(() => expect(within(header()).getByText('주문 취소')).toBeInTheDocument());
    const latest = latestStatusEntry(receiptNow(world(), receipt.publicId).status);
    expect(latest).toMatchObject({ status: 10, desc: '주소를 잘못 적었어요' });
    expect(screen.queryByRole('button', { name: '결제하기' })).not.toBeInTheDocument();
  });

  test('an order paid meanwhile cannot be cancelled: the seller is asked', async () => {
    const receipt = buyerReceipt(world(), 99);
    await openReceipt(receipt.publicId);
    confirmDeposit(world(), receipt.publicId, world().clock.now());
    world().touched();
    fireEvent.click(screen.getByRole('button', { name: '주문 취소' }));
    const drawer = await screen.findByRole('dialog', { name: '주문 취소' });
    fireEvent.change(within(drawer).getByPlaceholderText('주문 취소 사유를 입력해주세요'), { target: { value: '다시 주문할게요' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '주문 취소' }));
    await waitFor(() => expect(within(header()).getByText('결제 완료')).toBeInTheDocument());
    expect(screen.getAllByText(NOTES.cancelAfterPayment).length).toBeGreaterThan(0);
  });
});

describe('loading', () => {
  test('another account’s order: 주문 계정 확인 필요, then a new login', async () => {
    const receipt = othersReceipt(world());
    renderScreen(`/r/${receipt.publicId}`, '/r/:publicId', ReceiptScreen);
    expect(await screen.findByText('주문 계정 확인 필요')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '확인' }));
    await waitFor(() => expect(window.location.pathname).toBe('/auth'));
    expect(session.token).toBeNull();
  });

  test("the market's cash-receipt notice only on an order still to be paid with no cash-receipt number", async () => {
    const toPay = buyerReceipt(world(), 0, (r) => r.receiptNotice !== '');
    changeReceipt(world(), toPay.publicId, (r) => ({ ...r, cashReceipt: { isPersonal: true, no: '' } }));
    const view = await openReceipt(toPay.publicId);
    expect(screen.getByText(toPay.receiptNotice)).toBeInTheDocument();
    view.unmount();

    for (const status of [1, 10]) {
      const receipt = buyerReceipt(world(), status, (r) => r.receiptNotice !== '');
      const shown = await openReceipt(receipt.publicId);
      expect(screen.queryByText(receipt.receiptNotice)).not.toBeInTheDocument();
      shown.unmount();
    }

    // The same order once it has a cash-receipt number.
    changeReceipt(world(), toPay.publicId, (r) => ({ ...r, cashReceipt: { isPersonal: true, no: '01012345678' } }));
    await openReceipt(toPay.publicId);
    expect(screen.queryByText(toPay.receiptNotice)).not.toBeInTheDocument();
  });

  test('an unknown order is Not found', async () => {
    renderScreen('/r/999999999999', '/r/:publicId', ReceiptScreen);
    await waitFor(() => expect(notFoundState.path).toBe('/r/999999999999'));
  });

  test("back to the tab after the seller's '결제 확인' elsewhere, the receipt shows the order as it is now", async () => {
    // An order whose payment never started: no status poll would ever look again.
    const receipt = buyerReceipt(world(), 0, (r) => r.paymentResult === null);
    await openReceipt(receipt.publicId);
    expect(within(header()).getByText('결제 전')).toBeInTheDocument();
    expect(screen.queryByText(/초 후 주문 상태를 다시 확인해요/)).not.toBeInTheDocument();
    // The user switches to the seller centre's tab, which confirms the payment, and comes back.
    setTabVisibility('hidden');
    setReceiptStatus(world(), receipt.publicId, 1, {}, world().clock.now());
    world().touched();
    setTabVisibility('visible');
    await waitFor(() => expect(within(header()).getByText('결제 완료')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: '결제하기' })).not.toBeInTheDocument();
  });

  test('while waiting for the payment the status is fetched again every 7 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const receipt = buyerReceipt(world(), 99);
    await openReceipt(receipt.publicId);
    expect(screen.getByText('7초 후 주문 상태를 다시 확인해요')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(screen.getByText('4초 후 주문 상태를 다시 확인해요')).toBeInTheDocument();
    setReceiptStatus(world(), receipt.publicId, 1, {}, world().clock.now());
    world().touched();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4000);
    });
    await waitFor(() => expect(within(header()).getByText('결제 완료')).toBeInTheDocument());
    expect(screen.queryByText(/초 후 주문 상태를 다시 확인해요/)).not.toBeInTheDocument();
  });
});
