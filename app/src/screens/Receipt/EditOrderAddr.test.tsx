import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { signInAs } from '../../testing/appHarness';
import { buyerReceipt, receiptNow, setupReceiptWorld } from '../../testing/receiptTestWorld';
import EditOrderAddrScreen from './EditOrderAddr';

const { world } = setupReceiptWorld();

beforeEach(async () => {
  resetScreenState();
  await signInAs('buyer');
});

const openOrder = () => buyerReceipt(world(), 0, (r) => r.payment.option === 1);

async function openAddr(publicId: string) {
  renderScreen(`/r/${publicId}/addr`, '/r/:publicId/addr', EditOrderAddrScreen);
  await screen.findByRole('heading', { name: '받는 사람' });
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: '저장' }));

describe('the delivery address of an order', () => {
  test('shows the order’s address, the phone in its national form', async () => {
    const receipt = openOrder();
    await openAddr(receipt.publicId);
    expect(input('이름').value).toBe(receipt.delivery.name);
    expect(input('휴대폰 번호').value).toMatch(/^010-\d{4}-\d{4}$/);
    expect(input('우편번호').value).toBe(receipt.delivery.zip);
    expect(input('우편번호').readOnly).toBe(true);
    expect(input('도로명 주소').readOnly).toBe(true);
    expect(input('상세 주소').value).toBe(receipt.delivery.addr2);
  });

  test.each([
    ['이름', '', '받는 사람 이름을 입력해주세요'],
    ['이름', '김 하늘', '한글, 영문 대소문자, 특수문자( _, - )만 입력해주세요(띄어쓰기 불가)'],
    ['이름', '가나다라마바사아자차카', '받는 사람 이름은 한글 10자, 영문30자 이내로 입력해주세요'],
    ['휴대폰 번호', '', '휴대폰 번호를 입력해주세요'],
    ['휴대폰 번호', '010-1234-567', '휴대폰 번호 숫자 11자리를 입력해주세요'],
    ['휴대폰 번호', '021-2345-6789', '유효한 휴대폰 번호를 입력해주세요'],
    ['상세 주소', ' ', '배송 주소를 입력해주세요'],
  ])('%s "%s": %s', async (label, value, message) => {
    const receipt = openOrder();
    await openAddr(receipt.publicId);
    type(label, value);
    save();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(receiptNow(world(), receipt.publicId).delivery).toEqual(receipt.delivery);
  });

  test('a new address from the postcode search, saved: 저장 완료 되었어요', async () => {
    const receipt = openOrder();
    await openAddr(receipt.publicId);
    fireEvent.click(screen.getByRole('button', { name: '우편번호 찾기' }));
    const drawer = await screen.findByRole('dialog', { name: '우편번호 찾기' });
    const search = await within(drawer).findByRole('searchbox');
    fireEvent.change(search, { target: { value: '와우산로 94' } });
    fireEvent.submit(search.closest('form')!);
    const results = await within(drawer).findAllByRole('button', { name: /와우산로 94/ });
    fireEvent.click(results[0]!);
    await waitFor(() => expect(input('도로명 주소').value).toContain('와우산로 94'));
    const zip = input('우편번호').value;
    expect(zip).toMatch(/^\d{5}$/);
    expect(input('상세 주소').value).toBe('');

    type('이름', '김하늘');
    type('휴대폰 번호', '010-2222-3333');
    type('상세 주소', '3층');
    type('배송 메모 (선택)', '문 앞에 놓아주세요');
    save();
    expect(await screen.findByText('저장 완료 되었어요')).toBeInTheDocument();
    expect(receiptNow(world(), receipt.publicId).delivery).toMatchObject({
      name: '김하늘',
      tel: '+821022223333',
      zip,
      addr2: '3층',
      msg: '문 앞에 놓아주세요',
    });
  });

  test('a paid order cannot change its address', async () => {
    await openAddr(buyerReceipt(world(), 1).publicId);
    expect(screen.getByText('결제 완료 후에는 수정이 어려워요. 판매 작가님께 문의해주세요')).toBeInTheDocument();
    expect(input('이름').disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '우편번호 찾기' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: '저장' })).not.toBeInTheDocument();
  });
});
