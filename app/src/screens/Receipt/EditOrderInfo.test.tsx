import { formatPhoneForDisplay } from '@creator-market/sdk/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { cancelByBuyer } from '@creator-market/mock-server/world/orders';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { signInAs } from '../../testing/appHarness';
import { session } from '../../stores/session';
import { buyerReceipt, receiptNow, setupReceiptWorld } from '../../testing/receiptTestWorld';
import EditOrderInfoScreen from './EditOrderInfo';

const { world } = setupReceiptWorld();

beforeEach(async () => {
  resetScreenState();
  await signInAs('buyer');
});

const openOrder = () => buyerReceipt(world(), 0, (r) => r.payment.option === 1);

async function openInfo(publicId: string) {
  renderScreen(`/r/${publicId}/info`, '/r/:publicId/info', EditOrderInfoScreen);
  await screen.findByRole('heading', { name: '현금영수증' });
}

const section = (title: string) => screen.getByRole('region', { name: title });
const save = () => fireEvent.click(screen.getByRole('button', { name: '저장' }));

describe('buyer info of an order', () => {
  test('shows the buyer, SNS, cash receipt and the verified refund account', async () => {
    const receipt = openOrder();
    await openInfo(receipt.publicId);
    const user = session.me!.user;
    expect(within(section('주문자')).getByText(user.name!)).toBeInTheDocument();
    expect(within(section('주문자')).getByText(formatPhoneForDisplay(user.phone))).toBeInTheDocument();
    expect(screen.getByLabelText<HTMLSelectElement>('SNS 종류').value).toBe(String(receipt.sns.type));
    expect(within(section('환불 계좌')).getByText('인증 완료')).toBeInTheDocument();
    expect(within(section('환불 계좌')).getByText(receipt.buyerAccount.name)).toBeInTheDocument();
  });

  test('an SNS needs its id: 아이디를 입력해주세요', async () => {
    await openInfo(openOrder().publicId);
    fireEvent.change(screen.getByLabelText('SNS 종류'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('아이디'), { target: { value: '  ' } });
    save();
    expect(await screen.findByText('아이디를 입력해주세요')).toBeInTheDocument();
  });

  test('cash receipt numbers: required, digits only, shown 3-4-4 and 3-2-5', async () => {
    await openInfo(openOrder().publicId);
    fireEvent.click(screen.getByRole('radio', { name: '개인 소득공제용' }));
    const personal = screen.getByLabelText<HTMLInputElement>('휴대폰 번호');
    fireEvent.change(personal, { target: { value: '010-123' } });
    save();
    expect(await screen.findByText('현금영수증 번호를 입력해주세요')).toBeInTheDocument();
    fireEvent.change(personal, { target: { value: '010 9876 54321' } });
    expect(personal.value).toBe('010-9876-5432');

    fireEvent.click(screen.getByRole('radio', { name: '사업자 지출증빙용' }));
    const business = screen.getByLabelText<HTMLInputElement>('사업자 등록번호');
    expect(business.value).toBe('');
    fireEvent.change(business, { target: { value: '1234567890' } });
    expect(business.value).toBe('123-45-67890');
  });

  test('saves SNS and cash receipt: 저장 완료 되었어요', async () => {
    const receipt = openOrder();
    await openInfo(receipt.publicId);
    fireEvent.change(screen.getByLabelText('SNS 종류'), { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('아이디'), { target: { value: 'sticker_lover' } });
    fireEvent.click(screen.getByRole('radio', { name: '사업자 지출증빙용' }));
    fireEvent.change(screen.getByLabelText('사업자 등록번호'), { target: { value: '1234567890' } });
    save();
    expect(await screen.findByText('저장 완료 되었어요')).toBeInTheDocument();
    const saved = receiptNow(world(), receipt.publicId);
    expect(saved.sns).toEqual({ type: 6, id: 'sticker_lover' });
    expect(saved.cashReceipt).toMatchObject({ isPersonal: false, no: '1234567890' });
  });

  test('a save the server refuses: 저장에 실패했습니다.', async () => {
    const receipt = openOrder();
    await openInfo(receipt.publicId);
    // The order is cancelled in another tab meanwhile.
    cancelByBuyer(world(), world().store.receipts.one('publicId', receipt.publicId)!, '다른 창에서 취소', world().clock.now());
    world().touched();
    save();
    expect(await screen.findByText('저장에 실패했습니다.')).toBeInTheDocument();
  });

  test('a cancelled order cannot be edited', async () => {
    await openInfo(buyerReceipt(world(), 10).publicId);
    expect(screen.getByText('주문 취소 후에는 수정할 수 없어요.')).toBeInTheDocument();
    expect(screen.getByLabelText<HTMLSelectElement>('SNS 종류')).toBeDisabled();
    expect(screen.queryByRole('button', { name: '저장' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '다시 입력' })).not.toBeInTheDocument();
  });
});

describe('the refund account', () => {
  test('every message, then verified with the bank and locked', async () => {
    const receipt = openOrder();
    await openInfo(receipt.publicId);
    const refund = section('환불 계좌');
    fireEvent.click(within(refund).getByRole('button', { name: '다시 입력' }));
    const verify = () => fireEvent.click(within(refund).getByRole('button', { name: '계좌 인증' }));

    verify();
    expect(await within(refund).findByText('환불 계좌를 입력해주세요')).toBeInTheDocument();

    fireEvent.change(within(refund).getByLabelText('은행'), { target: { value: '020' } });
    fireEvent.change(within(refund).getByLabelText('계좌번호'), { target: { value: '1234-567' } });
    verify();
    expect(await within(refund).findByText('계좌번호는 숫자 8자리~14자리 사이로 입력해주세요')).toBeInTheDocument();

    fireEvent.change(within(refund).getByLabelText('은행'), { target: { value: receipt.buyerAccount.type } });
    fireEvent.change(within(refund).getByLabelText('계좌번호'), { target: { value: receipt.buyerAccount.no } });
    verify();
    expect(await within(refund).findByText('이미 등록된 계좌예요')).toBeInTheDocument();

    fireEvent.change(within(refund).getByLabelText('은행'), { target: { value: '020' } });
    fireEvent.change(within(refund).getByLabelText('계좌번호'), { target: { value: '1002345678901' } });
    verify();
    expect(await within(refund).findByText('인증 완료')).toBeInTheDocument();
    expect(within(refund).getByText('우리은행 1002345678901')).toBeInTheDocument();
    expect(receiptNow(world(), receipt.publicId).buyerAccount).toMatchObject({ no: '1002345678901', type: '020' });
  });

  test('an account the bank does not confirm: 은행 인증 오류, nothing stored', async () => {
    const receipt = openOrder();
    await openInfo(receipt.publicId);
    const refund = section('환불 계좌');
    fireEvent.click(within(refund).getByRole('button', { name: '다시 입력' }));
    fireEvent.change(within(refund).getByLabelText('은행'), { target: { value: '004' } });
    fireEvent.change(within(refund).getByLabelText('계좌번호'), { target: { value: '12345678000' } });
    fireEvent.click(within(refund).getByRole('button', { name: '계좌 인증' }));
    expect(await screen.findByText('은행 인증 오류')).toBeInTheDocument();
    await waitFor(() => expect(within(refund).queryByText('인증 완료')).not.toBeInTheDocument());
    expect(receiptNow(world(), receipt.publicId).buyerAccount).toEqual(receipt.buyerAccount);
  });
});
