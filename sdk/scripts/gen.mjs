// Generates the sdk's TypeScript types from the bundled OpenAPI documents (openapi-typescript):
// openapi/bundled/product.json → src/generated/api.ts, openapi/bundled/ads.json → src/generated/ads.ts,
// openapi/bundled/control.json → src/generated/control.ts (the mock's /__mock control plane, for its tests and tools).
// `pnpm gen` at the root bundles first, then runs this. The staleness test calls generateTypes in memory.
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const sdkDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const generatedDir = join(sdkDir, 'src/generated');
export const bundledDir = resolve(sdkDir, '../openapi/bundled');

/** Bundled document (in openapi/bundled) → generated module (in sdk/src/generated). */
export const targets = /** @type {const} */ ([
  { bundle: 'product.json', output: 'api.ts' },
  { bundle: 'ads.json', output: 'ads.ts' },
  { bundle: 'control.json', output: 'control.ts' },
]);

/**
 * The generated module for one bundled document.
 * @param {string} bundleText the bundled document's JSON text
 * @param {string} bundleName its file name, for the header
 * @returns {Promise<string>}
 */
export async function generateTypes(bundleText, bundleName) {
  const ast = await openapiTS(JSON.parse(bundleText), { silent: true });
  const header = `${COMMENT_HEADER.trimEnd()}\n// Source: openapi/bundled/${bundleName}. Regenerate with \`pnpm gen\` at the repository root.\n\n`;
  return header + astToString(ast);
}

/**
 * Generates every target from bundle texts (file name → JSON text); returns output file name → module text.
 * @param {Record<string, string>} bundles
 * @returns {Promise<Record<string, string>>}
 */
export async function generateAll(bundles) {
  const entries = await Promise.all(
    targets.map(async ({ bundle, output }) => {
      const text = bundles[bundle];
      if (text === undefined) throw new Error(`missing bundle ${bundle}`);
      return /** @type {const} */ ([output, await generateTypes(text, bundle)]);
    }),
  );
  return Object.fromEntries(entries);
}

async function main() {
  const bundles = Object.fromEntries(
    await Promise.all(targets.map(async ({ bundle }) => [bundle, await readFile(join(bundledDir, bundle), 'utf8')])),
  );
  const modules = await generateAll(bundles);
  await mkdir(generatedDir, { recursive: true });
  for (const [file, text] of Object.entries(modules)) {
    await writeFile(join(generatedDir, file), text);
    console.log(`generated src/generated/${file} (${text.length} bytes)`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
