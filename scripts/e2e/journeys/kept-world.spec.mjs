// The browser-only mode a developer can trust (issue 31 point 5): with the mock in the page (`pnpm
// build:static`, `pnpm dev --no-server`) the world is kept in IndexedDB across reloads, and the Lab's reset
// starts it afresh. The buyer adds a line to the seeded cart of '겨울 스티커 마켓' and reloads: the line is
// there; orders the cart and reloads: the order is there; resets the world in the Lab (설정, ?debug=1; the page
// loads again) and opens the cart: it is the seeded one again, without the buyer's line, and the order is
// gone. Tagged @static; the server project runs it against the mock server as well, where the server keeps
// the world.
import { JourneyFailure, test } from '../lib/fixtures.mjs';

const MARKET_PATH = '/m/mallang_studio/4';
const MARKET_TITLE = '겨울 스티커 마켓';
const ORDER_BUTTON = /^(주문 시작|품절 제외 후 주문)$/;

test('the world in the page is kept across reloads until the Lab resets it @static', async ({ ctx, page, api, signIn }) => {
  test.setTimeout(120_000);
  const token = await signIn('buyer');
  const { market, product: products } = await api.get('/common/market/get/mallang_studio/4');
  const carts = await api.get('/cart/v2/get', { token });
  const seeded = carts.find((cart) => cart.market._id === market._id)?.productList ?? [];
  if (!seeded.length) throw new Error(`the buyer has no seeded cart in ${MARKET_TITLE} in this world`);
  const seededLine = `${seeded[0].productTitle} ${seeded[0].option}`;
  // An option in stock that the seeded cart of this market does not hold: its line is the buyer's own.
  const inStock = (option) => option.useYN && (option.stock === -1 || option.stock - option.order >= 1);
  const held = (product, option) => seeded.some((line) => line.productTitle === product.title && line.option === option.title);
  const product = products.find((p) => p.useYN && p.option.some((o) => inStock(o) && !held(p, o)));
  if (!product) throw new Error(`${MARKET_TITLE} has no option in stock outside the seeded cart in this world`);
  const option = product.option.find((o) => inStock(o) && !held(product, o));
  const delivery = market.delivery.option.find((o) => o.useYN && o.weight === undefined) ?? market.delivery.option.find((o) => o.useYN);
  const line = `${product.title} ${option.title}`;
  const cartPath = `/cart/${market._id}`;
  const cartCard = page.getByRole('region', { name: MARKET_TITLE });
  const cartLine = cartCard.getByRole('listitem', { name: line });

  await ctx.step(`the buyer adds '${line}' to the cart; reloaded, the cart still has it`, async () => {
    await ctx.goto(MARKET_PATH);
    await page.getByRole('button', { name: '장바구니 담기', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: '장바구니 담기' });
    await drawer.getByRole('group', { name: line, exact: true }).getByRole('button', { name: '수량 늘리기' }).click();
    await drawer.getByRole('button', { name: '장바구니 담기', exact: true }).click();
    const toast = await ctx.toast('장바구니에 담았어요');
    await toast.getByRole('button', { name: '장바구니 보기' }).click();
    await page.waitForURL(ctx.isAt(cartPath));
    await cartLine.waitFor();
    await page.reload();
    await cartLine.waitFor();
    await ctx.shot('cart-reloaded');
  });

  let receiptPath;
  await ctx.step('the buyer orders the cart (a delivery option, a memo); reloaded, the pay page still shows the order', async () => {
    // The seeded cart may have an option chosen already (one with a weight limit the cart exceeds).
    const deliveryRow = cartCard.getByRole('button', { name: /배송 옵션/ });
    if (!(await deliveryRow.innerText()).includes(delivery.title)) {
      await deliveryRow.click();
      const sheet = page.getByRole('dialog', { name: '배송 옵션 선택' });
      await sheet.getByRole('radio', { name: new RegExp(delivery.title) }).click();
      await sheet.waitFor({ state: 'hidden' });
    }
    await cartCard.getByPlaceholder('작가님께 전할 요청 사항을 적어주세요').fill('포장 꼼꼼히 부탁드려요');
    await page.getByRole('button', { name: ORDER_BUTTON }).click();
    await page.waitForURL((url) => /^\/r\/\d{12}\/pay$/.test(ctx.appPath(url)));
    receiptPath = ctx.appPath(new URL(page.url())).replace(/\/pay$/, '');
    await page.reload();
    await page.getByRole('heading', { name: '결제 수단' }).waitFor();
    await ctx.see(MARKET_TITLE);
    await ctx.shot('pay-reloaded');
  });

  await ctx.step("the Lab's '처음 상태로 초기화' (the page loads again)", async () => {
    await ctx.goto('/setting?debug=1');
    await page
      .getByRole('region', { name: /실험실/ })
      .getByRole('button', { name: '처음 상태로 초기화' })
      .click();
    const reloaded = page.waitForEvent('load');
    await ctx.answer(await ctx.dialog('모의 데이터 초기화'), '초기화');
    await reloaded;
  });

  await ctx.step(`the cart of ${MARKET_TITLE} is the seeded one again, without '${line}'; the order is gone`, async () => {
    // A world made afresh names its records anew: the market's id is asked again.
    const afresh = await api.get('/common/market/get/mallang_studio/4');
    await ctx.goto(`/cart/${afresh.market._id}`);
    await cartCard.getByRole('listitem', { name: seededLine }).waitFor();
    if (await cartLine.count()) throw new JourneyFailure(`'${line}' is still in the cart after the Lab's reset`);
    await ctx.shot('cart-after-reset');
    await ctx.goto(receiptPath);
    await ctx.see('길을 잃으셨나요?');
  });
});
