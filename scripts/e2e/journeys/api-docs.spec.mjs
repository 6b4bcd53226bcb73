// The API reference a frontend developer opens from the README: the mock server's /docs page renders the
// contract with Redoc (its bundle served by the mock server itself) and lists every operation, and
// /__mock/docs the control plane's. Neither page asks anything of another host (a request off the machine
// is recorded and refused), and Redoc warns about nothing in the documents it is given.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, test } from '../lib/fixtures.mjs';

const operationsOf = (file) => {
  const document = JSON.parse(readFileSync(path.join(REPO_ROOT, 'openapi/bundled', file), 'utf8'));
  return Object.values(document.paths).flatMap((item) => Object.values(item).filter((op) => op && op.operationId));
};

const REFERENCES = [
  { path: '/docs', name: 'the API reference', operations: operationsOf('product.json') },
  { path: '/__mock/docs', name: "the control plane's reference", operations: operationsOf('control.json') },
];

test('the API references at /docs and /__mock/docs list their operations, offline and without warnings', async ({ ctx, page }) => {
  test.setTimeout(90_000);
  const server = new URL(ctx.apiBase).origin;
  /** Requests to another host than the mock server's, refused before they leave. */
  const offMachine = [];
  await page.route(
    (url) => url.protocol !== 'data:' && url.origin !== server,
    (route) => {
      offMachine.push(route.request().url());
      return route.abort();
    },
  );
  const warnings = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text().slice(0, 300));
  });

  for (const reference of REFERENCES) {
    const { operations } = reference;
    const label = `${reference.path} renders ${reference.name} with its ${operations.length} operations, offline and without a warning`;
    await ctx.step(label, async () => {
      await page.goto(`${ctx.apiBase}${reference.path}`, { waitUntil: 'domcontentloaded' });
      // One section per operation, headed by its summary (on a phone Redoc folds its side menu away).
      for (const op of [operations[0], operations.at(-1)]) {
        await page.locator(`[data-section-id="operation/${op.operationId}"] h2`).getByText(op.summary).waitFor({ timeout: 30_000 });
      }
      const listed = await page.locator('[data-section-id^="operation/"]').count();
      if (listed !== operations.length)
        throw new Error(`${reference.path} shows ${listed} operations, the document has ${operations.length}`);
      if (offMachine.length) throw new Error(`${reference.path} made requests off the machine: ${offMachine.join(', ')}`);
      if (warnings.length) throw new Error(`Redoc warned on ${reference.path}:\n${warnings.join('\n')}`);
      await ctx.shot(reference.path === '/docs' ? 'api-docs' : 'control-docs');
    });
  }
});
