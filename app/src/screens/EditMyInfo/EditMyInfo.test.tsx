import { PHONE_CODE_VALIDITY_SECONDS } from '@creator-market/sdk/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../../api/client';
import { inOrderInfoFlow, ORDER_INFO_FLOW_STATE } from '../../lib/orderInfoFlow';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { signInAs } from '../../testing/appHarness';
import { freshWorldPerTest, setupMockApi } from '../../testing/testServer';
import { session } from '../../stores/session';
import { fakeStoppedClock, tickUpTo } from '../../testing/clock';
import { ACCOUNT_TEXT } from './RefundAccountSection';
import EditMyInfo, { EDIT_MY_INFO_TEXT as T } from './index';
import { PHONE_TEXT } from './PhoneSection';
import { PROFILE_TEXT } from './ProfileSection';

const server = setupMockApi();
const world = freshWorldPerTest(server);

beforeEach(() => {
  resetScreenState();
});

afterEach(() => {
  vi.useRealTimers();
});

const renderForm = async () => {
  const view = renderScreen('/edit/myinfo', '/edit/myinfo', EditMyInfo);
  await screen.findByRole('button', { name: T.save });
  return view;
};

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const save = () => click(T.save);
const uid = () => session.me!.user.uid;
/** The code the mock "sent by SMS" to the signed-in account. */
const sentCode = () => world().store.state.phoneVerifications[uid()]?.code;

function chooseFile(file: File) {
  const input = screen.getByLabelText<HTMLInputElement>(PROFILE_TEXT.photo, { selector: 'input' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
]);

async function requestCode(number: string) {
  type(PHONE_TEXT.label, number);
  click(PHONE_TEXT.request);
  expect(await screen.findByText('인증번호가 발송되었습니다')).toBeInTheDocument();
  await screen.findByLabelText(PHONE_TEXT.code);
}

function verifyAccount(bank: string, number: string) {
  fireEvent.change(field(ACCOUNT_TEXT.bank), { target: { value: bank } });
  type(ACCOUNT_TEXT.number, number);
  click(ACCOUNT_TEXT.verify);
}

describe('Edit buyer info: what is stored', () => {
  test("the buyer's info fills the form; the phone and refund account show locked as verified", async () => {
    await signInAs('buyer');
    await renderForm();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('구매자 정보');
    expect(field(T.name).value).toBe('김하늘');
    expect(within(screen.getByRole('group', { name: PHONE_TEXT.verified })).getByText('010-1234-5678')).toBeInTheDocument();
    expect((field(T.snsType) as unknown as HTMLSelectElement).value).toBe('1');
    expect(field(T.snsId).value).toBe('haneul_daily');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: T.cashKinds.personal })).toBeChecked();
    expect(field(T.cashNo.personal).value).toBe('010-1234-5678');
    const account = screen.getByRole('group', { name: ACCOUNT_TEXT.verified });
    expect(within(account).getByText('신한은행 110123456789')).toBeInTheDocument();
    expect(within(account).getByText('예금주 김하늘')).toBeInTheDocument();
  });
});

describe('Edit buyer info: every validation message', () => {
  test('an empty form: name, phone and refund account are required', async () => {
    await signInAs('buyer-new');
    await renderForm();
    save();
    expect(screen.getByText('이름을 입력해주세요')).toBeInTheDocument();
    expect(screen.getByText('휴대폰 번호를 입력해주세요')).toBeInTheDocument();
    expect(screen.getByText('환불 계좌를 입력해주세요')).toBeInTheDocument();
  });

  test('name: Korean, letters, _ and - only, no spaces, at most 30', async () => {
    await signInAs('buyer-new');
    await renderForm();
    type(T.name, '이 새봄');
    save();
    expect(screen.getByText('한글, 영문 대소문자, 특수문자( _, - )만 입력해주세요(띄어쓰기 불가)')).toBeInTheDocument();
    type(T.name, 'a'.repeat(31));
    save();
    expect(screen.getByText('이름은 30자 이내로 입력해주세요')).toBeInTheDocument();
  });

  test('SNS: an id is required once a type is chosen', async () => {
    await signInAs('buyer-new');
    await renderForm();
    expect(screen.queryByLabelText(T.snsId)).not.toBeInTheDocument();
    fireEvent.change(field(T.snsType), { target: { value: '1' } });
    save();
    expect(screen.getByText('SNS를 입력해주세요')).toBeInTheDocument();
    type(T.snsId, 'saebom');
    expect(screen.queryByText('SNS를 입력해주세요')).not.toBeInTheDocument();
  });

  test('cash receipt: none, personal (11 digits) or business (10 digits), shown formatted', async () => {
    await signInAs('buyer-new');
    await renderForm();
    fireEvent.click(screen.getByRole('radio', { name: T.cashKinds.personal }));
    type(T.cashNo.personal, '010-1234');
    save();
    expect(screen.getByText('현금영수증 번호를 입력해주세요')).toBeInTheDocument();
    type(T.cashNo.personal, '0101234567899');
    expect(field(T.cashNo.personal).value).toBe('010-1234-5678');
    fireEvent.click(screen.getByRole('radio', { name: T.cashKinds.business }));
    type(T.cashNo.business, '12345abc67890');
    expect(field(T.cashNo.business).value).toBe('123-45-67890');
    fireEvent.click(screen.getByRole('radio', { name: T.cashKinds.none }));
    save();
    expect(screen.queryByText('현금영수증 번호를 입력해주세요')).not.toBeInTheDocument();
  });

  test('phone: 11 Korean digits, a real mobile number, the account own number, verified before saving', async () => {
    await signInAs('buyer');
    await renderForm();
    click(PHONE_TEXT.changeLabel);
    type(PHONE_TEXT.label, '010-1234');
    click(PHONE_TEXT.request);
    expect(screen.getByText('휴대폰 번호 숫자 11자리를 입력해주세요')).toBeInTheDocument();
    type(PHONE_TEXT.label, '020-1234-5678');
    click(PHONE_TEXT.request);
    expect(screen.getByText('유효한 휴대폰 번호를 입력해주세요')).toBeInTheDocument();
    type(PHONE_TEXT.label, '010-1234-5678');
    click(PHONE_TEXT.request);
    expect(screen.getByText('이미 등록된 휴대폰 번호예요')).toBeInTheDocument();
    type(PHONE_TEXT.label, '010-9876-5432');
    save();
    expect(screen.getByText('휴대폰 번호 인증을 완료해주세요')).toBeInTheDocument();
    // Giving up the change brings the verified number back.
    click(PHONE_TEXT.cancelChange);
    expect(within(screen.getByRole('group', { name: PHONE_TEXT.verified })).getByText('010-1234-5678')).toBeInTheDocument();
  });

  test('the code: 6 digits', async () => {
    await signInAs('buyer-new');
    await renderForm();
    await requestCode('010-2345-6789');
    type(PHONE_TEXT.code, '123');
    click(PHONE_TEXT.confirmLabel);
    expect(screen.getByText('인증 번호는 숫자 6자리를 입력해주세요')).toBeInTheDocument();
  });

  test('refund account: bank and number required, 8 to 14 digits, the registered one, verified before saving', async () => {
    await signInAs('buyer-new');
    await renderForm();
    type(ACCOUNT_TEXT.number, '12345678');
    click(ACCOUNT_TEXT.verify);
    expect(screen.getByText('환불 계좌를 입력해주세요')).toBeInTheDocument();
    verifyAccount('004', '1234567');
    expect(screen.getByText('계좌번호는 숫자 8자리~14자리 사이로 입력해주세요')).toBeInTheDocument();
    type(ACCOUNT_TEXT.number, '123456789012');
    save();
    expect(screen.getByText('환불 계좌 인증을 완료해주세요')).toBeInTheDocument();
  });

  test('refund account: the verified account entered again is already registered', async () => {
    await signInAs('buyer');
    await renderForm();
    click(ACCOUNT_TEXT.changeLabel);
    fireEvent.click(await within(await screen.findByRole('alertdialog')).findByRole('button', { name: ACCOUNT_TEXT.change }));
    await waitFor(() => expect(screen.queryByRole('group', { name: ACCOUNT_TEXT.verified })).not.toBeInTheDocument());
    expect(field(ACCOUNT_TEXT.number).value).toBe('');
    verifyAccount('088', '110123456789');
    expect(screen.getByText('이미 등록된 계좌예요')).toBeInTheDocument();
  });

  test('colour: hex only; photo: JPEG, PNG or WebP only', async () => {
    await signInAs('buyer');
    await renderForm();
    fireEvent.change(screen.getByLabelText(PROFILE_TEXT.customColour), { target: { value: 'mint' } });
    save();
    expect(screen.getByText('#RRGGBB 형식의 색상을 입력해주세요')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: PROFILE_TEXT.swatch('#FFB6C1') }));
    expect(screen.queryByText('#RRGGBB 형식의 색상을 입력해주세요')).not.toBeInTheDocument();
    chooseFile(new File(['not an image'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText('JPEG, PNG, WebP 이미지만 올릴 수 있어요')).toBeInTheDocument();
  });
});

describe('Edit buyer info: phone verification', () => {
  test('request a code, enter it: the phone is verified and stored; a wrong code is 인증번호 오류', async () => {
    await signInAs('buyer-new');
    await renderForm();
    await requestCode('010-2345-6789');
    expect(screen.getByText('남은 시간 5:00')).toBeInTheDocument();
    // Resending waits for the countdown.
    expect(screen.getByRole('button', { name: PHONE_TEXT.resend })).toBeDisabled();
    const code = sentCode()!;
    expect(code).toMatch(/^\d{6}$/);

    type(PHONE_TEXT.code, code === '000000' ? '111111' : '000000');
    click(PHONE_TEXT.confirmLabel);
    expect(await screen.findByText('인증번호 오류')).toBeInTheDocument();
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button'));

    type(PHONE_TEXT.code, code);
    click(PHONE_TEXT.confirmLabel);
    expect(await screen.findByText('인증이 완료되었습니다.')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: PHONE_TEXT.verified })).getByText('010-2345-6789')).toBeInTheDocument();
    expect((await api.get('/user/me')).user.phone).toBe('+821023456789');
    expect(session.me!.user.phone).toBe('+821023456789');
  });

  test('the code expires after 300 s: 인증 번호를 재발송 해주세요, and resend opens only at 0', async () => {
    await signInAs('buyer-new');
    fakeStoppedClock();
    const start = Date.now();
    await renderForm();
    await requestCode('010-2345-6789');
    const code = sentCode()!;

    tickUpTo(start + (PHONE_CODE_VALIDITY_SECONDS - 1) * 1000);
    await waitFor(() => expect(screen.getByText(/남은 시간 0:0[12]/)).toBeInTheDocument());
    expect(screen.getByRole('button', { name: PHONE_TEXT.resend })).toBeDisabled();

    tickUpTo(start + (PHONE_CODE_VALIDITY_SECONDS + 1) * 1000);
    await waitFor(() => expect(screen.getByRole('button', { name: PHONE_TEXT.resend })).toBeEnabled());
    type(PHONE_TEXT.code, code);
    click(PHONE_TEXT.confirmLabel);
    expect(screen.getByText('인증 번호를 재발송 해주세요')).toBeInTheDocument();
    expect((await api.get('/user/me')).user.phone).toBeUndefined();

    // A new code works again.
    click(PHONE_TEXT.resend);
    await waitFor(() => expect(sentCode()).toBeDefined());
    await waitFor(() => expect(screen.getByRole('button', { name: PHONE_TEXT.resend })).toBeDisabled());
    type(PHONE_TEXT.code, sentCode()!);
    click(PHONE_TEXT.confirmLabel);
    expect(await screen.findByText('인증이 완료되었습니다.')).toBeInTheDocument();
  });

  test('a Chinese number skips the SMS step', async () => {
    await signInAs('buyer-new');
    await renderForm();
    fireEvent.change(screen.getByRole('combobox', { name: '국가 번호' }), { target: { value: 'cn' } });
    type(PHONE_TEXT.label, '138 1234 5678');
    click(PHONE_TEXT.register);
    expect(await screen.findByText('인증이 완료되었습니다.')).toBeInTheDocument();
    expect(screen.queryByLabelText(PHONE_TEXT.code)).not.toBeInTheDocument();
    expect((await api.get('/user/me')).user.phone).toBe('+8613812345678');
  });
});

describe('Edit buyer info: refund account', () => {
  test('verified with the bank (at most once in 3 s), then locked; confirming a change clears it', async () => {
    await signInAs('buyer-new');
    await renderForm();
    const asked: string[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/user/valid-account') asked.push(request.method);
    };
    server.events.on('request:start', onRequest);
    try {
      // An account the bank refuses is 은행 인증 오류.
      const firstCheck = Date.now();
      verifyAccount('004', '12345678000');
      expect(await screen.findByText('은행 인증 오류')).toBeInTheDocument();
      fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button'));
      // Within 3 s of that check, another one is not sent. The clock is put back to a second after it: on a
      // loaded machine the wait for the dialog can take seconds.
      type(ACCOUNT_TEXT.number, '12345678901');
      vi.setSystemTime(firstCheck + 1000);
      click(ACCOUNT_TEXT.verify);
      expect(asked).toHaveLength(1);
    } finally {
      server.events.removeListener('request:start', onRequest);
    }
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3000);
    click(ACCOUNT_TEXT.verify);
    const locked = await screen.findByRole('group', { name: ACCOUNT_TEXT.verified });
    expect(within(locked).getByText('KB국민은행 12345678901')).toBeInTheDocument();
    expect(screen.queryByLabelText(ACCOUNT_TEXT.number)).not.toBeInTheDocument();
    expect((await api.get('/user/me')).user.account).toMatchObject({ no: '12345678901', type: '004' });

    click(ACCOUNT_TEXT.changeLabel);
    fireEvent.click(await within(await screen.findByRole('alertdialog')).findByRole('button', { name: ACCOUNT_TEXT.change }));
    await waitFor(() => expect(field(ACCOUNT_TEXT.number).value).toBe(''));
    expect((field(ACCOUNT_TEXT.bank) as unknown as HTMLSelectElement).value).toBe('');
  });
});

describe('Edit buyer info: saving', () => {
  test('a new buyer completes the form: saved, then on to the address form (no address yet), still in the order-info flow', async () => {
    await signInAs('buyer-new');
    await renderForm();
    // Opened from the cart's 주문 정보 입력 → 입력하기.
    window.history.replaceState(ORDER_INFO_FLOW_STATE, '', '/edit/myinfo');
    type(T.name, '이새봄');
    await requestCode('010-2345-6789');
    type(PHONE_TEXT.code, sentCode()!);
    click(PHONE_TEXT.confirmLabel);
    await screen.findByText('인증이 완료되었습니다.');
    fireEvent.change(field(T.snsType), { target: { value: '1' } });
    type(T.snsId, 'saebom_daily');
    fireEvent.click(screen.getByRole('radio', { name: T.cashKinds.business }));
    type(T.cashNo.business, '1234567890');
    verifyAccount('090', '3333012345678');
    await screen.findByRole('group', { name: ACCOUNT_TEXT.verified });
    const entries = window.history.length;
    save();
    expect(await screen.findByText('저장 완료 되었어요')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/edit/address'));
    // The address form takes this form's place in history: one back returns to where the buyer came from.
    expect(window.history.length).toBe(entries);
    // Its first save then returns to the cart (EditAddress.test.tsx).
    expect(inOrderInfoFlow()).toBe(true);
    const { user } = await api.get('/user/me');
    expect(user).toMatchObject({
      name: '이새봄',
      phone: '+821023456789',
      sns: { type: 1, id: 'saebom_daily' },
      cashReceipt: { isPersonal: false, no: '1234567890' },
      account: { no: '3333012345678', type: '090' },
    });
    expect(session.me!.user.name).toBe('이새봄');
  });

  test('a changed photo is uploaded first, then the rest is saved; with an address the form closes', async () => {
    await signInAs('buyer');
    await renderForm();
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const order: string[] = [];
    const onRequest = ({ request }: { request: Request }) => {
      if (request.method === 'POST') order.push(new URL(request.url).pathname);
    };
    server.events.on('request:start', onRequest);
    try {
      chooseFile(new File([PNG], 'me.png', { type: 'image/png' }));
      await waitFor(() =>
        expect(screen.getByRole('img', { name: PROFILE_TEXT.photo })).toHaveAttribute('src', expect.stringMatching(/^data:image\/png/)),
      );
      fireEvent.click(screen.getByRole('radio', { name: PROFILE_TEXT.swatch('#BDB2FF') }));
      save();
      expect(await screen.findByText('저장 완료 되었어요')).toBeInTheDocument();
    } finally {
      server.events.removeListener('request:start', onRequest);
    }
    expect(order).toEqual(['/upload/v2/user-profile', '/user']);
    const { user } = await api.get('/user/me');
    expect(user.profileImage).toMatch(/^\/uploads\/profiles\/.+\.png\?v=\d+$/);
    expect(user.bgColor).toBe('#BDB2FF');
    // The form closes: back to the previous page, or home when the form was opened directly.
    await waitFor(() => expect(back.mock.calls.length > 0 || window.location.pathname === '/').toBe(true));
  });

  test('a save the server refuses says 저장에 실패했습니다.', async () => {
    await signInAs('buyer');
    await renderForm();
    // The input stops at 100 characters; the server refuses a longer id.
    type(T.snsId, 'x'.repeat(101));
    save();
    expect(await screen.findByText('저장에 실패했습니다.')).toBeInTheDocument();
    expect((await api.get('/user/me')).user.sns?.id).toBe('haneul_daily');
  });
});
