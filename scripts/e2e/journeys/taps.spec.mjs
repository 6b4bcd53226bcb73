// Taps never blank the screen (issue 31 point 2): on every tap of the walk (../lib/tap-walk.mjs:
// home → market, market → product, order list → order detail, 마이 → calendar, the add-to-cart toast → cart,
// the tab bar, search), first visits of a production build, the app bar is on screen in every animation
// frame from the tap to the next screen's content (the previous screen stays while the next one's chunk
// loads, then the next one's app bar and skeleton), and the tab bar in every frame when both screens have
// one. The times are the bench's report (scripts/bench/taps.mjs), never asserted here: a shared machine's
// clock decides them.
import { createClient } from '../../bench/http.mjs';
import { installTapProbe, measureTap, TAPS, walkWorld } from '../lib/tap-walk.mjs';
import { JourneyFailure, test } from '../lib/fixtures.mjs';

test('every tap of the walk keeps the app bar (and the tab bar) on screen until the next screen shows', async ({
  ctx,
  page,
  context,
  world,
  apiBase,
  signIn,
}) => {
  test.setTimeout(180_000);
  const walk = await walkWorld(createClient(apiBase), world);
  await context.addInitScript(installTapProbe);
  // Every step a first visit: no screen's chunk comes from the HTTP cache (the host caches them for a year).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await signIn('buyer');
  for (const tap of TAPS) {
    await ctx.step(tap.name, async () => {
      await ctx.goto(tap.from(walk));
      await tap.ready?.(page, walk);
      const target = tap.target(page, walk);
      await target.waitFor({ state: 'visible' });
      await page.waitForLoadState('networkidle');
      const seen = await measureTap(page, target, tap);
      if (seen.noBar > 0) throw new JourneyFailure(`the app bar was gone in ${seen.noBar} frames before the next screen showed`);
      if (seen.noTabs > 0) throw new JourneyFailure(`the tab bar was gone in ${seen.noTabs} frames before the next screen showed`);
      ctx.note(`${tap.name}: content in ${Math.round(seen.ms)} ms (not asserted)`);
    });
  }
});
