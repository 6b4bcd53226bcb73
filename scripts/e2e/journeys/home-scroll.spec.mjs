// Back to home comes back to where the buyer was (SPEC.md section 2: scroll positions are remembered by
// path): scrolled to 1200 px and to 2200 px, an item opened, back: the same position, to the pixel, and it
// stays there while the page settles (the market page already did; home used to land 125-450 px lower).
// Go-to-top shows at both positions (it used to step aside for every home card, each a link).
import { JourneyFailure, test } from '../lib/fixtures.mjs';

const POSITIONS = [1200, 2200];
/** How long the position is watched after coming back (late sections, images and ads must not move it). */
const WATCH_MS = 2500;

test('home keeps its scroll position when the buyer opens an item and comes back', async ({ ctx, page }) => {
  test.setTimeout(120_000);
  await ctx.step('home, every section there', async () => {
    await ctx.goto('/');
    // The page must be tall enough for the deepest position.
    await page.waitForFunction((needed) => document.documentElement.scrollHeight > needed + window.innerHeight, POSITIONS.at(-1), {
      timeout: 30_000,
    });
    await ctx.shot('home');
  });

  for (const top of POSITIONS) {
    await ctx.step(`scrolled to ${top} px, an item opened, back: ${top} px`, async () => {
      await page.evaluate((y) => window.scrollTo(0, y), top);
      await page.waitForTimeout(300);
      const before = await page.evaluate(() => window.scrollY);
      if (before !== top) throw new JourneyFailure(`could not scroll home to ${top} px (at ${before})`);
      // Go-to-top shows over the cards (each a link) instead of stepping aside for them (hidden when aria-hidden).
      await page
        .getByRole('button', { name: '맨 위로' })
        .waitFor()
        .catch(() => {
          throw new JourneyFailure(`go-to-top is not shown at ${top} px of home`);
        });
      // A link to a product or market in the middle of the screen.
      const href = await page.evaluate(() => {
        const middle = window.innerHeight / 2;
        const links = [...document.querySelectorAll('a[href^="/p/"], a[href^="/m/"]')].filter((a) => {
          const box = a.getBoundingClientRect();
          return box.height > 0 && box.top > 80 && box.bottom < window.innerHeight - 80;
        });
        links.sort((a, b) => Math.abs(a.getBoundingClientRect().top - middle) - Math.abs(b.getBoundingClientRect().top - middle));
        links[0]?.setAttribute('data-e2e-open', '');
        return links[0]?.getAttribute('href') ?? null;
      });
      if (!href) throw new JourneyFailure(`no product or market link on screen at ${top} px`);
      await page.locator('[data-e2e-open]').click();
      await page.waitForURL((url) => ctx.appPath(url) !== '/');
      await page.waitForTimeout(800);
      await page.goBack();
      await page.waitForURL((url) => ctx.appPath(url) === '/');
      const seen = [];
      const until = Date.now() + WATCH_MS;
      while (Date.now() < until) {
        seen.push(await page.evaluate(() => window.scrollY));
        await page.waitForTimeout(250);
      }
      await page.evaluate(() => document.querySelector('[data-e2e-open]')?.removeAttribute('data-e2e-open'));
      const off = seen.filter((y) => Math.abs(y - top) > 1);
      // The first reading may come before the restore: only later ones count.
      if (off.slice(1).length > 0 || Math.abs(seen.at(-1) - top) > 1)
        throw new JourneyFailure(`back from ${href}, home was at ${[...new Set(seen)].join(', ')} px instead of ${top}`);
      await ctx.shot(`back-at-${top}`, { wait: false });
    });
  }
});
