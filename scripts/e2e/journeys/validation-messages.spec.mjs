// The address form (/edit/address) and the buyer-info form (/edit/myinfo) of a new buyer (persona buyer-new:
// no name, phone, account or address yet) show SPEC.md section 5's exact messages under the field they are
// about, for empty and for invalid input; a valid address then saves ('저장 완료 되었어요').
import { JourneyFailure, test } from '../lib/fixtures.mjs';

const M = {
  recipientRequired: '받는 사람 이름을 입력해주세요',
  recipientTooLong: '받는 사람 이름은 한글 10자, 영문30자 이내로 입력해주세요',
  nameCharacters: '한글, 영문 대소문자, 특수문자( _, - )만 입력해주세요(띄어쓰기 불가)',
  addressRequired: '배송 주소를 입력해주세요',
  nameRequired: '이름을 입력해주세요',
  phoneRequired: '휴대폰 번호를 입력해주세요',
  phoneDigits: '휴대폰 번호 숫자 11자리를 입력해주세요',
  phoneInvalid: '유효한 휴대폰 번호를 입력해주세요',
  snsRequired: 'SNS를 입력해주세요',
  cashReceiptRequired: '현금영수증 번호를 입력해주세요',
  accountRequired: '환불 계좌를 입력해주세요',
  accountDigits: '계좌번호는 숫자 8자리~14자리 사이로 입력해주세요',
};

test('address and buyer-info forms show the exact messages for empty and invalid input', async ({ ctx, page, signIn }) => {
  test.setTimeout(120_000);
  const checked = [];
  const save = () => page.getByRole('button', { name: '저장', exact: true }).click();
  const field = (label) => page.getByLabel(label, { exact: true }).filter({ visible: true }).first();

  /** A long form in two pictures, its top and its end (a whole-page picture breaks the fixed bars). */
  async function shotTopAndBottom(screen) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await ctx.shot(`${screen}-top`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await ctx.shot(`${screen}-bottom`, { wait: false });
  }

  /** The message linked to the field labelled `label` (aria-describedby) must be exactly `expected`. */
  async function expectMessage(label, expected) {
    const target = field(label);
    const deadline = Date.now() + 5000;
    let shown = '';
    while (Date.now() < deadline) {
      shown = await target.evaluate((element) =>
        (element.getAttribute('aria-describedby') ?? '')
          .split(/\s+/)
          .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
          .join(' ')
          .trim(),
      );
      if (shown === expected) {
        checked.push(expected);
        return;
      }
      await page.waitForTimeout(100);
    }
    throw new JourneyFailure(`the field '${label}' says '${shown}', expected '${expected}' (at ${ctx.here()})`);
  }

  await signIn('buyer-new');

  // ---- address
  await ctx.step('an empty address form: name, phone and address messages', async () => {
    await ctx.goto('/edit/address');
    await ctx.see('배송 주소');
    await field('받는 사람').waitFor();
    await save();
    await expectMessage('받는 사람', M.recipientRequired);
    await expectMessage('휴대폰 번호', M.phoneRequired);
    await expectMessage('상세 주소', M.addressRequired);
    await shotTopAndBottom('address-empty');
  });

  await ctx.step('invalid recipient names and phone numbers', async () => {
    await field('받는 사람').fill('김 하늘');
    await field('휴대폰 번호').fill('0101234');
    await save();
    await expectMessage('받는 사람', M.nameCharacters);
    await expectMessage('휴대폰 번호', M.phoneDigits);
    await field('받는 사람').fill('가나다라마바사아자차카');
    await field('휴대폰 번호').fill('02123456789');
    await save();
    await expectMessage('받는 사람', M.recipientTooLong);
    await expectMessage('휴대폰 번호', M.phoneInvalid);
    await ctx.shot('address-invalid');
  });

  await ctx.step("a valid address (postcode search) saves: '저장 완료 되었어요'", async () => {
    await field('받는 사람').fill('김새봄');
    await field('휴대폰 번호').fill('010-2345-6789');
    await page.getByRole('button', { name: '우편번호 찾기' }).click();
    const drawer = page.getByRole('dialog', { name: '우편번호 찾기' });
    await drawer.getByRole('searchbox').fill('성수이로');
    await drawer.getByRole('searchbox').press('Enter');
    const first = drawer.getByRole('list', { name: '주소 검색 결과' }).getByRole('button').first();
    await first.waitFor();
    await ctx.shot('postcode-search');
    await first.click();
    await drawer.waitFor({ state: 'hidden' });
    await field('상세 주소').fill('5층 501호');
    await save();
    await ctx.toast('저장 완료 되었어요');
    await page.waitForURL((url) => ctx.appPath(url) === '/edit/address' && url.searchParams.has('_id'));
    await ctx.shot('address-saved');
  });

  // ---- buyer info
  await ctx.step('an empty buyer-info form: name, phone and refund account messages', async () => {
    await ctx.goto('/edit/myinfo');
    await ctx.see('구매자 정보');
    await field('이름').waitFor();
    await save();
    await expectMessage('이름', M.nameRequired);
    await expectMessage('휴대폰 번호', M.phoneRequired);
    await expectMessage('계좌번호', M.accountRequired);
    await shotTopAndBottom('myinfo-empty');
  });

  await ctx.step('SNS chosen without an id, cash receipt without a number', async () => {
    await field('SNS').selectOption({ label: '인스타그램' });
    await page.getByRole('radio', { name: '개인 소득공제' }).check();
    await save();
    await expectMessage('SNS 아이디', M.snsRequired);
    await expectMessage('소득공제용 휴대폰 번호', M.cashReceiptRequired);
    await shotTopAndBottom('myinfo-sns-cash-receipt');
  });

  await ctx.step('invalid name, phone and account number', async () => {
    await field('이름').fill('김 하늘');
    await field('휴대폰 번호').fill('0101234');
    await field('은행').selectOption({ index: 1 });
    await field('계좌번호').fill('1234');
    await save();
    await expectMessage('이름', M.nameCharacters);
    await expectMessage('휴대폰 번호', M.phoneDigits);
    await expectMessage('계좌번호', M.accountDigits);
    await field('휴대폰 번호').fill('02123456789');
    await save();
    await expectMessage('휴대폰 번호', M.phoneInvalid);
    await shotTopAndBottom('myinfo-invalid');
  });

  ctx.note(`messages checked (${new Set(checked).size}): ${[...new Set(checked)].join(' | ')}`);
});
