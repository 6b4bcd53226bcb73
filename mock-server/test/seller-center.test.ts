// The mock seller center pages (pages/seller-center.ts): what the app's '작가 신청하기', '프로필 완성하기',
// '작가 계정', '마켓 관리', '새 소식 쓰기' and sales-notification links open. Each page says what the real seller center does, completes it in the
// caller's world, and returns only to an allowed app origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestStatus, marketState } from '@creator-market/sdk/domain';
import { errorCode, startTestServer, type TestServer } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const APP = 'http://localhost:5173';

/** Posts a page's form as a browser would: urlencoded, from the page's own origin. */
function post(path: string, fields: Record<string, string>, origin = srv.baseUrl) {
  return srv.call('POST', path, {
    rawBody: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    unchecked: true,
  });
}

const get = (path: string, query: Record<string, string>) => srv.call('GET', path, { query, unchecked: true });

describe('작가 신청하기 (/__seller/join)', () => {
  it('says what the real seller center does, and approving makes the buyer an author, then back to the app', async () => {
    const { name, world } = srv.freshWorld('seller-join');
    const buyer = world.store.accounts.one('persona', 'buyer-new')!;
    const page = await get('/__seller/join', { uid: buyer.uid, world: name, state: APP });
    expect(page.status).toBe(200);
    expect(page.text).toContain('작가 신청하기');
    expect(page.text).toContain('운영팀이 검토한 뒤');
    expect(page.text).toContain('모의 서버에서는 검토 없이 바로 승인해요');

    const res = await post('/__seller/join', { uid: buyer.uid, world: name, state: APP, name: '새봄공방', publicId: 'saebom_studio' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${APP}/my`);
    const me = await srv.call('GET', '/user/me', { token: srv.token('buyer-new', name), headers: { 'X-Mock-World': name } });
    expect(me.body.data.user.level).toBe(1);
    expect(me.body.data.seller).toMatchObject({ publicId: 'saebom_studio', info: { name: '새봄공방' } });
    expect(me.body.data.seller!.bank).toBeUndefined(); // next: '프로필 완성하기'
    // The author page exists in the world.
    const profile = await srv.call('GET', '/common/v2/seller/saebom_studio', { headers: { 'X-Mock-World': name } });
    expect(profile.status).toBe(200);
    expect(profile.body.data.info.name).toBe('새봄공방');
    // The seller search of that world finds the new author by name and by page address; other worlds do not.
    const search = (keyword: string, world?: string) =>
      srv.call('GET', '/common/v2/search-seller', { query: { keyword }, headers: world ? { 'X-Mock-World': world } : {} });
    for (const keyword of ['새봄', 'saebom_st']) {
      const found = await search(keyword, name);
      expect(found.status).toBe(200);
      expect(found.body.data.list.map((seller: { sellerPublicId: string }) => seller.sellerPublicId)).toContain('saebom_studio');
    }
    const elsewhere = await search('새봄공방');
    expect(elsewhere.body.data.list).toEqual([]);
  });

  it('shows a taken address on the page and changes nothing', async () => {
    const { name, world } = srv.freshWorld('seller-join-taken');
    const buyer = world.store.accounts.one('persona', 'buyer')!;
    const res = await post('/__seller/join', { uid: buyer.uid, world: name, state: APP, name: '중복', publicId: 'mallang_studio' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('이미 쓰고 있는 작가 페이지 주소예요.');
    expect(world.store.accounts.get(buyer.uid)!.user.level).toBe(0);
  });

  it('returns only to allowed origins, and refuses a form posted by another site', async () => {
    const { name, world } = srv.freshWorld('seller-join-origin');
    const buyer = world.store.accounts.one('persona', 'buyer')!;
    const page = await get('/__seller/join', { uid: buyer.uid, world: name, state: 'https://evil.example' });
    expect(page.status).toBe(403);
    expect(errorCode(page.body)).toBe('forbidden');
    const fields = { uid: buyer.uid, world: name, state: APP, name: '공방', publicId: 'evil_made' };
    const cross = await post('/__seller/join', fields, 'https://evil.example');
    expect(cross.status).toBe(403);
    expect(errorCode(cross.body)).toBe('forbidden');
    expect(world.store.accounts.get(buyer.uid)!.user.level).toBe(0);
    // The app's own origin may post (a form the app would render itself).
    expect((await post('/__seller/join', fields, APP)).status).toBe(303);
  });
});

describe('프로필 완성하기 (/__seller/profile)', () => {
  const profileFields = {
    bankType: '088',
    bankNo: '110-123-456789',
    bankName: '정몽글',
    businessType: '개인사업자',
    regNo: '123-45-67890',
    businessName: '몽글상점',
    ceo: '정몽글',
    addr: '서울특별시 마포구 와우산로 94',
    addr2: '3층',
    tel: '02-123-4567',
    email: 'hello@monggeul.kr',
    mailOrderNo: '2026-서울마포-1234',
    inquiryTel: '010-1234-5678',
    inquiryTime: '평일 10:00-17:00',
    terms: 'on',
  };

  it('saves the fields to the seller profile, so the seller is complete, then back to the app', async () => {
    const { name, world } = srv.freshWorld('seller-profile');
    const seller = world.store.accounts.one('persona', 'seller-incomplete')!;
    const page = await get('/__seller/profile', { uid: seller.uid, world: name, state: APP });
    expect(page.status).toBe(200);
    expect(page.text).toContain('예금주 확인으로 인증');
    const res = await post('/__seller/profile', { uid: seller.uid, world: name, state: APP, ...profileFields });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${APP}/my`);
    const me = await srv.call('GET', '/user/me', { token: srv.token('seller-incomplete', name), headers: { 'X-Mock-World': name } });
    expect(me.body.data.seller!.bank).toMatchObject({ no: '110123456789', name: '정몽글', type: '088' });
    expect(me.body.data.seller!.business).toMatchObject({ regNo: '1234567890', name: '몽글상점', type: '개인사업자', terms: true });
    expect(me.body.data.seller!.inquiry).toEqual({ tel: '010-1234-5678', time: '평일 10:00-17:00' });
  });

  it('says what is wrong on the page and saves nothing', async () => {
    const { name, world } = srv.freshWorld('seller-profile-bad');
    const seller = world.store.accounts.one('persona', 'seller-incomplete')!;
    const res = await post('/__seller/profile', { uid: seller.uid, world: name, state: APP, ...profileFields, regNo: '123' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('사업자등록번호는 숫자 10자리로 입력해주세요.');
    expect(world.store.accounts.get(seller.uid)!.seller!.bank).toBeUndefined();
    const buyer = world.store.accounts.one('persona', 'buyer')!;
    const notSeller = await post('/__seller/profile', { uid: buyer.uid, world: name, state: APP, ...profileFields });
    expect(notSeller.status).toBe(400);
    expect(notSeller.text).toContain('먼저 작가 신청을 해주세요');
  });
});

describe('a sales notification (/__seller/transaction/{id})', () => {
  async function formOf(name: string, status: number) {
    const { world } = { world: srv.mock.worlds.fromRequest(name) };
    const seller = world.store.accounts.one('persona', 'seller')!;
    const row = world.store.receipts.by('seller', seller.uid).find((r) => latestStatus(r.receipt.status) === status)!;
    expect(row, `a receipt of the seller in status ${status}`).toBeDefined();
    const res = await srv.call('GET', '/notification/market', {
      token: srv.token('seller', name),
      headers: { 'X-Mock-World': name },
      query: { receiptId: row.receipt.publicId },
    });
    expect(res.status).toBe(200);
    return { world, row, ...res.body.data };
  }

  it('shows the receipt, marks it shipped with the invoice, and returns to the sales notifications', async () => {
    const { name } = srv.freshWorld('seller-tx');
    const { world, row, transactionId, token } = await formOf(name, 1);
    const path = `/__seller/transaction/${transactionId}`;
    const page = await get(path, { token, state: APP });
    expect(page.status).toBe(200);
    expect(page.text).toContain(row.receipt.publicId);
    expect(page.text).toContain('결제 완료');
    expect(page.text).toContain('발송 처리');
    const res = await post(path, { token, state: APP, action: 'ship', company: 'CJ대한통운', invoiceNo: '563912345678' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${APP}/message/seller`);
    const after = world.store.receipts.one('publicId', row.receipt.publicId)!.receipt;
    expect(latestStatus(after.status)).toBe(3);
    expect(after.invoice).toEqual({ company: 'CJ대한통운', no: '563912345678' });
  });

  it('confirms the payment of an unpaid order; a step out of order is said on the page', async () => {
    const { name } = srv.freshWorld('seller-tx-pay');
    const { world, row, transactionId, token } = await formOf(name, 0);
    const path = `/__seller/transaction/${transactionId}`;
    expect((await post(path, { token, state: APP, action: 'paid' })).status).toBe(303);
    expect(latestStatus(world.store.receipts.one('publicId', row.receipt.publicId)!.receipt.status)).toBe(1);
    const again = await post(path, { token, state: APP, action: 'paid' });
    expect(again.status).toBe(400);
    expect(again.text).toContain('바꿀 수 없어요');
  });

  it("expires the link 10 minutes after it was issued, on its world's clock (not the machine's)", async () => {
    const { name } = srv.freshWorld('seller-tx-expiry');
    const { world, transactionId, token } = await formOf(name, 1);
    const path = `/__seller/transaction/${transactionId}`;
    world.clock.advance(9 * 60_000);
    expect((await get(path, { token, state: APP })).status).toBe(200);
    world.clock.advance(60_000);
    const late = await get(path, { token, state: APP });
    expect(late.status).toBe(400);
    expect(late.text).toContain('만료');
  });

  it('refuses a forged or foreign token and an unlisted return origin', async () => {
    const { name } = srv.freshWorld('seller-tx-bad');
    const { transactionId, token } = await formOf(name, 1);
    const path = `/__seller/transaction/${transactionId}`;
    // Its signature's last character changed (to '00' it stayed the same once in 256 runs: the token is random).
    const forged = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    expect((await get(path, { token: forged, state: APP })).status).toBe(400);
    expect((await get('/__seller/transaction/tx_000000000000', { token, state: APP })).status).toBe(400);
    const evil = await get(path, { token, state: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(errorCode(evil.body)).toBe('forbidden');
  });
});

describe('작가 계정 (/__seller/account)', () => {
  it("shows the seller's fields read-only, the account number masked, with a link to the profile page", async () => {
    const { name, world } = srv.freshWorld('seller-account');
    const seller = world.store.accounts.one('persona', 'seller')!;
    const page = await get('/__seller/account', { uid: seller.uid, world: name, state: APP });
    expect(page.status).toBe(200);
    expect(page.text).toContain('작가 계정');
    expect(page.text).toContain('모의 서버에서는 이 세계의 값을 읽기만 해요');
    expect(page.text).toContain(escapeText(seller.seller!.info!.name));
    expect(page.text).toContain(seller.seller!.publicId);
    expect(page.text).toContain(seller.seller!.business!.regNo);
    expect(page.text).toContain(`****${seller.seller!.bank!.no.slice(-4)}`);
    expect(page.text).not.toContain(seller.seller!.bank!.no);
    expect(page.text).not.toContain('<form');
    expect(page.text).toContain(`/__seller/profile?uid=${seller.uid}&amp;world=${name}&amp;state=${encodeURIComponent(APP)}`);
    expect(page.text).toContain(`href="${APP}/my"`);
  });

  it('tells a buyer to apply first, and refuses an unlisted return origin', async () => {
    const { name, world } = srv.freshWorld('seller-account-buyer');
    const buyer = world.store.accounts.one('persona', 'buyer')!;
    const page = await get('/__seller/account', { uid: buyer.uid, world: name, state: APP });
    expect(page.status).toBe(200);
    expect(page.text).toContain('작가 계정이 아니에요');
    const evil = await get('/__seller/account', { uid: buyer.uid, world: name, state: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(errorCode(evil.body)).toBe('forbidden');
  });
});

describe('마켓 관리 (/__seller/market)', () => {
  it("lists the seller's markets with their state; closing an open one and opening a closed one act now", async () => {
    const { name, world } = srv.freshWorld('seller-market');
    const seller = world.store.accounts.one('persona', 'seller')!;
    const now = world.clock.now();
    const markets = world.store.markets.by('seller', seller.uid).map((r) => r.market);
    const open = markets.find((m) => marketState(m, now) === 'opened')!;
    const closed = markets.find((m) => marketState(m, now) === 'closed')!;
    expect(open, 'an open market of the seller').toBeDefined();
    expect(closed, 'a closed market of the seller').toBeDefined();

    const page = await get('/__seller/market', { uid: seller.uid, world: name, state: APP });
    expect(page.status).toBe(200);
    expect(page.text).toContain('마켓 관리');
    for (const market of markets) expect(page.text).toContain(`data-market="${market._id}"`);
    expect(page.text).toContain('주문 가능');
    expect(page.text).toContain('주문 종료');

    const fields = { uid: seller.uid, world: name, state: APP };
    const closing = await post('/__seller/market', { ...fields, marketId: open._id, action: 'close' });
    expect(closing.status).toBe(303);
    expect(closing.headers.get('location')).toBe(`${APP}/m/${open.sellerPublicId}/${open.publicId}`);
    expect(marketState(world.store.markets.get(open._id)!.market, world.clock.now())).toBe('closed');

    const opening = await post('/__seller/market', { ...fields, marketId: closed._id, action: 'open' });
    expect(opening.status).toBe(303);
    expect(marketState(world.store.markets.get(closed._id)!.market, world.clock.now())).toBe('opened');
    // The app's market screen reads the same state through the product API.
    const shown = await srv.call('GET', `/common/market/get/${closed.sellerPublicId}/${closed.publicId}`, {
      headers: { 'X-Mock-World': name },
    });
    expect(marketState(shown.body.data.market, world.clock.now())).toBe('opened');
  });

  it("refuses another seller's market, a form from another site, and changes nothing", async () => {
    const { name, world } = srv.freshWorld('seller-market-bad');
    const seller = world.store.accounts.one('persona', 'seller')!;
    const now = world.clock.now();
    const foreign = [...world.store.markets.all()].find((r) => r.sellerUID !== seller.uid && marketState(r.market, now) === 'opened')!;
    const fields = { uid: seller.uid, world: name, state: APP };
    const res = await post('/__seller/market', { ...fields, marketId: foreign.market._id, action: 'close' });
    expect(res.status).toBe(400);
    expect(res.text).toContain('이 작가의 마켓이 아니에요.');
    const own = world.store.markets.by('seller', seller.uid).find((r) => marketState(r.market, now) === 'opened')!;
    const cross = await post('/__seller/market', { ...fields, marketId: own.market._id, action: 'close' }, 'https://evil.example');
    expect(cross.status).toBe(403);
    expect(errorCode(cross.body)).toBe('forbidden');
    expect(marketState(world.store.markets.get(foreign.market._id)!.market, now)).toBe('opened');
    expect(marketState(world.store.markets.get(own.market._id)!.market, now)).toBe('opened');
  });
});

describe('새 소식 쓰기 (/__seller/preview/new)', () => {
  it("publishes the news now, which the seller's news list (listSellerPreviews) then shows", async () => {
    const { name, world } = srv.freshWorld('seller-preview');
    const seller = world.store.accounts.one('persona', 'seller')!;
    const page = await get('/__seller/preview/new', { uid: seller.uid, world: name, state: APP });
    expect(page.status).toBe(200);
    expect(page.text).toContain('새 소식 쓰기');
    const cover = /name="cover" value="([^"]+)"/.exec(page.text)![1]!;
    expect(cover).toMatch(/^\/img\/cover\//);

    const before = world.store.previews.by('seller', seller.uid).length;
    // 2026-12-24 20:00 in Seoul, after the pinned world start.
    const fields = {
      uid: seller.uid,
      world: name,
      state: APP,
      contents: '겨울 한정 곰돌이 키링이 찾아와요!',
      schedule: '2026-12-24 20:00',
      cover,
    };
    const res = await post('/__seller/preview/new', fields);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${APP}/promo/preview`);
    expect(world.store.previews.by('seller', seller.uid)).toHaveLength(before + 1);

    const list = await srv.call('GET', '/common/preview/list', {
      token: srv.token('seller', name),
      headers: { 'X-Mock-World': name },
      query: { sellerId: seller.seller!.publicId },
    });
    expect(list.status).toBe(200);
    const mine = (list.body.data as { previewContents: string; previewSchedule: string; previewCover: string[] }[]).find(
      (p) => p.previewContents === fields.contents,
    );
    expect(mine).toMatchObject({ previewSchedule: '2026-12-24T11:00:00.000Z', previewCover: [cover] });
  });

  it('says what is wrong on the page and publishes nothing', async () => {
    const { name, world } = srv.freshWorld('seller-preview-bad');
    const seller = world.store.accounts.one('persona', 'seller')!;
    const before = world.store.previews.by('seller', seller.uid).length;
    const fields = { uid: seller.uid, world: name, state: APP, contents: '소식', schedule: '2026-12-24T20:00' };
    const past = await post('/__seller/preview/new', { ...fields, schedule: '2020-01-01T10:00', cover: '/img/cover/x.svg' });
    expect(past.status).toBe(400);
    expect(past.text).toContain('출시 예정일은 지금부터 1년 안으로 정해주세요.');
    const impossible = await post('/__seller/preview/new', { ...fields, schedule: '2027-02-30 10:00', cover: '/img/cover/x.svg' });
    expect(impossible.text).toContain('출시 예정일을 입력해주세요.');
    const foreignCover = await post('/__seller/preview/new', { ...fields, cover: '/img/cover/not-this-sellers.svg' });
    expect(foreignCover.status).toBe(400);
    expect(foreignCover.text).toContain('대표 이미지를 골라주세요.');
    const empty = await post('/__seller/preview/new', { ...fields, contents: '   ', cover: '/img/cover/x.svg' });
    expect(empty.text).toContain('소식 내용은 1~2,000자로 입력해주세요.');
    const buyer = world.store.accounts.one('persona', 'buyer')!;
    const notSeller = await post('/__seller/preview/new', { ...fields, uid: buyer.uid, cover: '/img/cover/x.svg' });
    expect(notSeller.status).toBe(400);
    expect(notSeller.text).toContain('작가 계정만 소식을 쓸 수 있어요');
    const cross = await post('/__seller/preview/new', { ...fields, cover: '/img/cover/x.svg' }, 'https://evil.example');
    expect(cross.status).toBe(403);
    expect(world.store.previews.by('seller', seller.uid)).toHaveLength(before);
  });
});

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
