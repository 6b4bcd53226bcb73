// An order rush: 200 buyers, each with a cart of 1 unit, order at once an option with 50 left. Exactly 50
// orders go through, every other one is refused with a stock error, and the option is reserved exactly
// to its stock: never oversold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../src/auth/tokens';
import type { MarketRow, ProductRow } from '../src/world/store';
import { errorCode, startTestServer, type TestServer } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const BUYERS = 200;
const STOCK = 50;

describe('insertReceipt under an order rush', () => {
  it(`${BUYERS} parallel orders of 1 unit on a stock of ${STOCK}: exactly ${STOCK} succeed`, async () => {
    const worldName = `concurrency-${Math.random().toString(36).slice(2, 8)}`;
    const world = srv.mock.worlds.fromRequest(worldName);
    const { store } = world;
    const headers = { 'X-Mock-World': worldName };
    const sellerUid = store.accounts.one('persona', 'seller')!.uid;
    const marketRow = store.markets.by('seller', sellerUid).find((r) => r.market.title === '겨울 스티커 마켓') as MarketRow;
    const product = store.products.by('market', marketRow.market._id)[0] as ProductRow;
    const option = product.product.option[0]!.title;

    // Test setup: the option has exactly 50 left, and 200 buyers (copies of buyer-new) exist in this world.
    store.products.update(product.product._id, (row) => ({
      ...row,
      product: {
        ...row.product,
        limitAmount: 0,
        option: row.product.option.map((o) => (o.title === option ? { ...o, stock: STOCK, order: 0 } : o)),
      },
    }));
    const template = store.accounts.one('persona', 'buyer-new')!;
    const tokens = Array.from({ length: BUYERS }, (_, i) => {
      const uid = `7a${String(i).padStart(22, '0')}`;
      store.accounts.insert({ ...template, uid, persona: null, auth: { ...template.auth, uid }, user: { ...template.user, uid } });
      return issueToken(uid);
    });

    const productList = [{ _id: product.product._id, option, amount: 1 }];
    const cartIds = await Promise.all(
      tokens.map(async (token) => {
        const res = await srv.call('POST', '/cart/add/common', {
          token,
          headers,
          body: { marketId: marketRow.market._id, seller: 'mallang_studio', productList },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.data._id;
      }),
    );

    const answers = await Promise.all(
      tokens.map((token, i) =>
        srv.call('POST', '/receipt/insert', {
          token,
          headers,
          body: {
            marketId: marketRow.market._id,
            memo: '오픈런 성공하고 싶어요',
            productList,
            delivery: {
              name: '이새봄',
              tel: '+821098765432',
              addr: '서울특별시 마포구 와우산로 94',
              addr2: '3층',
              zip: '04066',
              msg: '',
              title: '택배',
            },
            sns: { type: 0, id: '' },
            buyerAccount: { name: '이새봄', no: '1002345678901', type: '020' },
            payment: { option: 1, depositExpect: '' },
            cashReceipt: { useYN: false, isPersonal: true, no: '' },
            cartId: cartIds[i],
          },
        }),
      ),
    );

    const succeeded = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(succeeded).toHaveLength(STOCK);
    expect(new Set(succeeded.map((a) => a.body.data)).size).toBe(STOCK);
    expect(refused).toHaveLength(BUYERS - STOCK);
    for (const answer of refused) {
      expect(answer.status).toBe(400);
      expect(['out-of-stock', 'stock-shortage']).toContain(errorCode(answer.body));
    }

    // the market screen shows the option fully reserved, and exactly 50 receipts exist for it
    const market = await srv.call('GET', `/common/market/get/mallang_studio/${marketRow.market.publicId}`, { headers });
    const shown = market.body.data.product.find((p) => p._id === product.product._id)!;
    const shownOption = shown.option.find((o) => o.title === option)!;
    expect(shownOption.order).toBe(STOCK);
    expect(shownOption.order).toBe(shownOption.stock);
    const receipts = store.receipts.by('market', marketRow.market._id).filter((r) => r.ownerUid.startsWith('7a'));
    expect(receipts).toHaveLength(STOCK);
  });
});
