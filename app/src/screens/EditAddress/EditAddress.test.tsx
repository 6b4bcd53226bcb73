import { TIMING } from '@creator-market/sdk/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../../api/client';
import { navigate } from '../../lib/navigation';
import { ORDER_INFO_FLOW_STATE } from '../../lib/orderInfoFlow';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { signInAs } from '../../testing/appHarness';
import { freshWorldPerTest, setupMockApi } from '../../testing/testServer';
import { advanceDate } from '../../testing/clock';
import EditAddress, { EDIT_ADDRESS_TEXT as T } from './index';

freshWorldPerTest(setupMockApi());

beforeEach(() => {
  resetScreenState();
});

const renderForm = (query = '') => renderScreen(`/edit/address${query}`, '/edit/address', EditAddress);

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: T.save }));

/** Chooses an address in the postcode drawer, searching `query`. */
async function chooseAddress(query: string, roadAddress: string) {
  fireEvent.click(screen.getByRole('button', { name: T.findZip }));
  const drawer = await screen.findByRole('dialog', { name: '우편번호 찾기' });
  fireEvent.change(within(drawer).getByRole('searchbox'), { target: { value: query } });
  fireEvent.submit(within(drawer).getByRole('search'));
  fireEvent.click(await within(drawer).findByRole('button', { name: new RegExp(roadAddress) }));
  await waitFor(() => expect(input(T.addr).value).toBe(roadAddress));
}

async function fillValidForm() {
  type(T.name, '이새봄');
  type(T.phone, '010-2345-6789');
  await chooseAddress('와우산로 94', '서울특별시 마포구 와우산로 94');
  type(T.addr2, '3층 301호');
}

describe('Edit address: validation (every message from the sdk)', () => {
  test('an empty form: name, phone and address are required; the memo is optional', async () => {
    await signInAs('buyer-new');
    renderForm();
    save();
    expect(screen.getByText('받는 사람 이름을 입력해주세요')).toBeInTheDocument();
    expect(screen.getByText('휴대폰 번호를 입력해주세요')).toBeInTheDocument();
    expect(screen.getByText('배송 주소를 입력해주세요')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(3);
    expect(await api.get('/address/list')).toEqual([]);
  });

  test('the recipient name: no spaces or symbols, 10 Korean or 30 English characters', async () => {
    await signInAs('buyer-new');
    renderForm();
    type(T.name, '이 새봄');
    save();
    expect(screen.getByText('한글, 영문 대소문자, 특수문자( _, - )만 입력해주세요(띄어쓰기 불가)')).toBeInTheDocument();
    type(T.name, '가나다라마바사아자차카');
    // Editing a field clears its message until the next save.
    expect(screen.queryByText('한글, 영문 대소문자, 특수문자( _, - )만 입력해주세요(띄어쓰기 불가)')).not.toBeInTheDocument();
    save();
    expect(screen.getByText('받는 사람 이름은 한글 10자, 영문30자 이내로 입력해주세요')).toBeInTheDocument();
    type(T.name, 'a'.repeat(30));
    save();
    expect(screen.queryByText('받는 사람 이름은 한글 10자, 영문30자 이내로 입력해주세요')).not.toBeInTheDocument();
  });

  test('the phone: 11 digits for Korea, and a real mobile number', async () => {
    await signInAs('buyer-new');
    renderForm();
    type(T.phone, '010-1234');
    save();
    expect(screen.getByText('휴대폰 번호 숫자 11자리를 입력해주세요')).toBeInTheDocument();
    type(T.phone, '020-1234-5678');
    save();
    expect(screen.getByText('유효한 휴대폰 번호를 입력해주세요')).toBeInTheDocument();
    type(T.phone, '010-1234-5678');
    save();
    expect(screen.queryByText('휴대폰 번호 숫자 11자리를 입력해주세요')).not.toBeInTheDocument();
    expect(screen.queryByText('유효한 휴대폰 번호를 입력해주세요')).not.toBeInTheDocument();
  });

  test('a road address needs its detail address', async () => {
    await signInAs('buyer-new');
    renderForm();
    type(T.name, '이새봄');
    type(T.phone, '01023456789');
    await chooseAddress('성수이로', '서울특별시 성동구 성수이로 113');
    save();
    expect(screen.getByText('배송 주소를 입력해주세요')).toBeInTheDocument();
  });
});

describe('Edit address: saving', () => {
  test('the postcode drawer fills the postal code and road address from the search', async () => {
    await signInAs('buyer-new');
    renderForm();
    expect(input(T.zip).readOnly).toBe(true);
    expect(input(T.addr).readOnly).toBe(true);
    await chooseAddress('와우산로 94', '서울특별시 마포구 와우산로 94');
    expect(input(T.zip).value).toBe('04066');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '우편번호 찾기' })).not.toBeInTheDocument());
  });

  test('the first address is saved, becomes the primary one, and the address swaps to its edit form', async () => {
    await signInAs('buyer-new');
    renderForm();
    await fillValidForm();
    type(T.memo, '문 앞에 놓아주세요');
    const firstSave = Date.now();
    save();
    expect(await screen.findByText('저장 완료 되었어요')).toBeInTheDocument();
    const [saved] = await api.get('/address/list');
    expect(saved).toMatchObject({
      name: '이새봄',
      tel: '+821023456789',
      zip: '04066',
      addr: '서울특별시 마포구 와우산로 94',
      addr2: '3층 301호',
      msg: '문 앞에 놓아주세요',
      status: 1,
    });
    await waitFor(() => expect(window.location.search).toBe(`?_id=${saved!._id}`));
    expect(window.location.pathname).toBe('/edit/address');
    expect(await screen.findByText(T.primary)).toBeInTheDocument();
    // The primary address cannot be deleted here; the form keeps what was saved.
    expect(screen.queryByRole('button', { name: T.delete })).not.toBeInTheDocument();
    expect(input(T.addr2).value).toBe('3층 301호');

    // Saving again updates the same address; a save within 1 s of the last one is ignored. The clock is put
    // back to half a second after the first save: on a loaded machine the waits above can take a second.
    type(T.addr2, '3층 302호');
    vi.setSystemTime(firstSave + TIMING.saveDebounceMs / 2);
    save();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await api.get('/address/list')).map((a) => a.addr2)).toEqual(['3층 301호']);
    advanceDate(TIMING.saveDebounceMs);
    save();
    await waitFor(async () => expect((await api.get('/address/list')).map((a) => a.addr2)).toEqual(['3층 302호']));
  });

  test('opened from the cart (주문 정보 입력 → 입력하기): the first save ends back in the cart, not on the form', async () => {
    await signInAs('buyer-new');
    window.history.replaceState(null, '', '/cart');
    navigate('/edit/address');
    renderForm();
    window.history.replaceState(ORDER_INFO_FLOW_STATE, '', '/edit/address');
    await fillValidForm();
    save();
    expect(await screen.findByText('저장 완료 되었어요')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/cart'));
    expect(await api.get('/address/list')).toHaveLength(1);
  });

  test("a new address starts with the buyer's name and phone; a second address is not primary and can be deleted", async () => {
    await signInAs('buyer');
    const before = await api.get('/address/list');
    renderForm();
    expect(input(T.name).value).toBe('김하늘');
    expect(input(T.phone).value).toBe('010-1234-5678');
    await chooseAddress('판교역로 235', '경기도 성남시 분당구 판교역로 235');
    type(T.addr2, 'N동 7층');
    save();
    await waitFor(() => expect(window.location.search).toMatch(/^\?_id=[0-9a-f]{24}$/));
    const id = new URLSearchParams(window.location.search).get('_id');
    const after = await api.get('/address/list');
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((a) => a._id === id)?.status).toBe(0);
    expect(screen.queryByText(T.primary)).not.toBeInTheDocument();

    fireEvent.click(await screen.findByRole('button', { name: T.delete }));
    fireEvent.click(await within(await screen.findByRole('alertdialog')).findByRole('button', { name: '삭제' }));
    expect(await screen.findByText('삭제되었습니다')).toBeInTheDocument();
    expect((await api.get('/address/list')).map((a) => a._id)).toEqual(before.map((a) => a._id));
  });

  test('an existing address opens filled in; a refused save says 저장에 실패했습니다.', async () => {
    await signInAs('buyer');
    const [primary] = await api.get('/address/list');
    renderForm(`?_id=${primary!._id}`);
    await waitFor(() => expect(input(T.addr).value).toBe(primary!.addr));
    expect(input(T.zip).value).toBe(primary!.zip);
    expect(input(T.addr2).value).toBe(primary!.addr2);
    expect(input(T.memo).value).toBe(primary!.msg);
    expect(screen.getByText(T.primary)).toBeInTheDocument();
    // The server refuses a memo over 100 characters (the input itself stops typing at 100).
    type(T.memo, '가'.repeat(101));
    save();
    expect(await screen.findByText('저장에 실패했습니다.')).toBeInTheDocument();
    expect((await api.get('/address/list'))[0]!.msg).toBe(primary!.msg);
  });
});
