// The committed bundles (openapi/bundled) and generated types (sdk/src/generated) must be what a fresh
// `pnpm gen` would write. Everything is regenerated in memory here; the committed files are only read.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleAll, bundledDir, documents } from '@creator-market/openapi/scripts/bundle';
import { generateAll, generatedDir, OPERATION_TABLE, targets } from '../scripts/gen.mjs';

const STALE = 'is stale: run `pnpm gen` at the repository root and commit the result';

let freshBundles: Record<string, string>;
let freshModules: Record<string, string>;

beforeAll(async () => {
  freshBundles = await bundleAll();
  freshModules = await generateAll(freshBundles);
}, 120_000);

describe('committed OpenAPI bundles', () => {
  it.each(documents.map((doc) => doc.output))('openapi/bundled/%s matches a fresh bundle', async (file) => {
    const committed = await readFile(join(bundledDir, file), 'utf8');
    expect(committed === freshBundles[file], `openapi/bundled/${file} ${STALE}${firstDifference(committed, freshBundles[file])}`).toBe(
      true,
    );
  });
});

describe('committed generated types', () => {
  it.each([...targets.map((target) => target.output), OPERATION_TABLE])('sdk/src/generated/%s matches fresh generation', async (file) => {
    const committed = await readFile(join(generatedDir, file), 'utf8');
    expect(committed === freshModules[file], `sdk/src/generated/${file} ${STALE}${firstDifference(committed, freshModules[file])}`).toBe(
      true,
    );
  });

  it('generates from the bundles (the product API has its operations, the ad service its request)', () => {
    expect(freshModules['api.ts']).toContain('getMe: {');
    expect(freshModules['api.ts']).toContain('"/receipt/get/{publicId}": {');
    expect(freshModules['ads.ts']).toContain('requestAd: {');
  });
});

/** Where two texts first differ, for the failure message (the files are too large to diff in full). */
function firstDifference(committed: string, fresh: string | undefined): string {
  if (fresh === undefined) return '; nothing was generated for it';
  const committedLines = committed.split('\n');
  const freshLines = fresh.split('\n');
  const index = committedLines.findIndex((line, i) => line !== freshLines[i]);
  const line = index === -1 ? committedLines.length : index;
  return `; first difference at line ${line + 1}:\n  committed: ${committedLines[line] ?? '(end of file)'}\n  fresh:     ${freshLines[line] ?? '(end of file)'}`;
}
