// The cart's market selector as the buyer persona sees it at 390 and 375 px: every filter tag, '주문 종료'
// last, lies wholly on screen (they used to run off the right edge), and the tags' counts add up to 전체
// (each market under one tag).
import { JourneyFailure, test } from '../lib/fixtures.mjs';

const TAGS = ['전체', '오픈 예정', '주문 가능', '마감 임박', '주문 종료'];
const SIZES = [
  { width: 390, height: 844 },
  { width: 375, height: 667 },
];

test("the cart's market filter tags fit the screen and their counts add up", async ({ ctx, page, api, signIn }) => {
  test.setTimeout(90_000);
  const token = await signIn('buyer');
  const carts = await api.get('/cart/v2/get', { token });
  if (carts.length < 2) throw new Error(`the buyer's cart holds ${carts.length} markets; the selector needs several`);

  for (const size of SIZES) {
    await ctx.step(`${size.width}x${size.height}: every tag on screen, the counts add up to 전체`, async () => {
      await page.setViewportSize(size);
      await ctx.goto('/cart');
      await page
        .getByRole('button', { name: new RegExp(`^${carts[0].market.title}`) })
        .first()
        .click();
      const drawer = page.getByRole('dialog', { name: '장바구니 마켓' });
      await drawer.waitFor();
      const counts = {};
      for (const label of TAGS) {
        const tag = drawer.getByRole('button', { name: new RegExp(`^${label}\\s*\\d+$`) });
        const box = await tag.boundingBox();
        if (!box || box.x < 0 || box.x + box.width > size.width)
          throw new JourneyFailure(`'${label}' is not wholly on the ${size.width} px screen (${JSON.stringify(box)})`);
        counts[label] = Number((await tag.textContent()).slice(label.length));
      }
      const sum = TAGS.slice(1).reduce((total, label) => total + counts[label], 0);
      if (counts['전체'] !== carts.length || sum !== carts.length)
        throw new JourneyFailure(`the counts ${JSON.stringify(counts)} do not add up to the ${carts.length} markets`);
      await ctx.shot(`selector-${size.width}`, { wait: false });
    });
  }
});
