// The browser-only mode's answer time (issue 24.6): a market detail answered by the mock's core in the page,
// through msw's service worker, beside the same request answered by the node door (the mock server's CLI),
// both fetched by the same page in Debian's chromium, one after another, so the two differ only in the door.
// The app is built as `pnpm build:static` builds it (VITE_MOCK_IN_BROWSER=1) and served as plain files.
import path from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp, serveBuild } from '../lib/app-site.mjs';
import { quantile } from './measure.mjs';
import { REPO_ROOT, startMockCli } from './processes.mjs';
import { createClient } from './http.mjs';
import { sellerPersonaMarketWithStock } from './world.mjs';

const BUILD_DIR = path.join(REPO_ROOT, '.tmp', 'bench-service-worker');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * `samples` sequential fetches of one market detail per door after `warmup` unmeasured ones; the page's
 * `performance.now()` around each `fetch` and its body read.
 * @param {{samples?: number, warmup?: number}} [options]
 */
export async function measureServiceWorker({ samples = 40, warmup = 5 } = {}) {
  await buildApp({ outDir: BUILD_DIR, apiBase: '', env: { VITE_MOCK_IN_BROWSER: '1' } });
  const site = await serveBuild(BUILD_DIR);
  const origin = site.origin;
  const mock = await startMockCli({ flags: ['--allow-origin', origin] });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const { path: marketPath } = await sellerPersonaMarketWithStock(createClient(mock.baseUrl), undefined, 1);
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await page.waitForFunction(
      () => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined,
      undefined,
      {
        timeout: 60_000,
      },
    );
    /** @param {string} url */
    const timings = (url) =>
      page.evaluate(
        async ({ url, samples, warmup }) => {
          const ms = [];
          for (let i = 0; i < warmup + samples; i++) {
            const started = performance.now();
            const response = await fetch(url, { cache: 'no-store' });
            await response.arrayBuffer();
            if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
            if (i >= warmup) ms.push(performance.now() - started);
          }
          return ms;
        },
        { url, samples, warmup },
      );
    const summary = (/** @type {number[]} */ ms) => {
      const sorted = [...ms].sort((a, b) => a - b);
      const round = (/** @type {number} */ v) => Math.round(v * 100) / 100;
      return { p50: round(quantile(sorted, 0.5)), p90: round(quantile(sorted, 0.9)), max: round(sorted.at(-1) ?? 0) };
    };
    const serviceWorker = summary(await timings(`${origin}/__api${marketPath}`));
    const nodeDoor = summary(await timings(`${mock.baseUrl}${marketPath}`));
    return { path: marketPath, samples, serviceWorker, nodeDoor, p50Ratio: Math.round((serviceWorker.p50 / nodeDoor.p50) * 100) / 100 };
  } finally {
    await browser.close();
    await mock.stop();
    await site.close();
  }
}
