// Bundles the split OpenAPI documents into one JSON file each (openapi/bundled/*.json, committed).
// `node scripts/bundle.mjs` writes them; the functions are also used by the staleness test, which
// bundles into memory and compares with the committed files.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The openapi package folder (scripts/..). */
export const openapiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const bundledDir = join(openapiDir, 'bundled');

/** The documents we publish: split root (relative to openapiDir) → bundled file name. */
export const documents = /** @type {const} */ ([
  { name: 'product', root: 'product/openapi.yaml', output: 'product.json' },
  { name: 'ads', root: 'ads/openapi.yaml', output: 'ads.json' },
  // The mock server's /__mock control plane (mock-server/src/control).
  { name: 'control', root: 'control/openapi.yaml', output: 'control.json' },
]);

const redoclyCli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');

/**
 * Bundles one split document with the Redocly CLI and returns the bundle as formatted JSON text.
 * @param {string} rootPath path of the root YAML file (absolute, or relative to openapiDir)
 * @returns {Promise<string>}
 */
export async function bundleDocument(rootPath) {
  const workDir = await mkdtemp(join(tmpdir(), 'openapi-bundle-'));
  const outFile = join(workDir, 'bundle.json');
  try {
    await run(
      process.execPath,
      [
        redoclyCli,
        'bundle',
        resolve(openapiDir, rootPath),
        '--output',
        outFile,
        '--config',
        join(openapiDir, 'redocly.yaml'),
        // Two different schemas that would get one component name must fail the bundle, not be renamed silently.
        '--component-renaming-conflicts-severity',
        'error',
      ],
      { cwd: openapiDir, env: { ...process.env, REDOCLY_TELEMETRY: 'off' }, maxBuffer: 16 * 1024 * 1024 },
    ).catch((/** @type {any} */ error) => {
      const output = String(error.stderr || error.stdout || error.message);
      // Drop the CLI's boxed Node-version banner; keep the problems.
      const problems = output
        .split('\n')
        .filter((line) => !/[║╔╚]/.test(line))
        .join('\n')
        .trim();
      throw new Error(`redocly bundle ${rootPath} failed:\n${problems}`);
    });
    return formatBundle(JSON.parse(await readFile(outFile, 'utf8')));
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * Pretty, stable JSON: 2-space indent, trailing newline, and every `components` map sorted by name, so that
 * reordering paths in the split files does not reshuffle the bundle (and the generated types).
 * @param {Record<string, any>} document
 */
export function formatBundle(document) {
  const components = document.components;
  if (components && typeof components === 'object') {
    for (const [kind, map] of Object.entries(components)) {
      if (map && typeof map === 'object' && !Array.isArray(map)) {
        components[kind] = Object.fromEntries(Object.entries(map).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      }
    }
  }
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * Bundles every published document; returns output file name → JSON text.
 * @returns {Promise<Record<string, string>>}
 */
export async function bundleAll() {
  const texts = await Promise.all(documents.map((doc) => bundleDocument(doc.root)));
  return Object.fromEntries(documents.map((doc, index) => [doc.output, /** @type {string} */ (texts[index])]));
}

async function main() {
  const bundles = await bundleAll();
  await mkdir(bundledDir, { recursive: true });
  for (const [file, text] of Object.entries(bundles)) {
    await writeFile(join(bundledDir, file), text);
    console.log(`bundled ${file} (${text.length} bytes)`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
