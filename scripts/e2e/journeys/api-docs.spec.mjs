// The API reference a frontend developer opens from the README: the mock server's /docs page renders the
// contract with Redoc (its bundle served by the mock server itself, no network) and lists every operation.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, test } from '../lib/fixtures.mjs';

const product = JSON.parse(readFileSync(path.join(REPO_ROOT, 'openapi/bundled/product.json'), 'utf8'));
const operations = Object.values(product.paths).flatMap((item) => Object.values(item).filter((op) => op && op.operationId));

test("the API reference at /docs lists the contract's operations", async ({ ctx, page }) => {
  test.setTimeout(60_000);
  await ctx.step(`/docs renders the reference and lists its ${operations.length} operations`, async () => {
    await page.goto(`${ctx.apiBase}/docs`, { waitUntil: 'domcontentloaded' });
    // One section per operation, headed by its summary (on a phone Redoc folds its side menu away).
    for (const op of [operations[0], operations.at(-1)]) {
      await page.locator(`[data-section-id="operation/${op.operationId}"] h2`).getByText(op.summary).waitFor({ timeout: 30_000 });
    }
    const listed = await page.locator('[data-section-id^="operation/"]').count();
    if (listed !== operations.length) throw new Error(`the reference shows ${listed} operations, the contract has ${operations.length}`);
    await ctx.shot('api-docs');
  });
});
