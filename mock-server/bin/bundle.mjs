#!/usr/bin/env node
// The mock server's bundle: src/cli.ts, the workspace packages it imports and the npm packages they use,
// bundled with esbuild into dist/cli.cjs (bin/mock.mjs runs it) and reused until a source, the contract or
// the lockfile is newer. `node bin/bundle.mjs` (`pnpm build`; scripts/bootstrap.sh after the install) builds
// it ahead, so that no start pays the bundling: the first start of a clean clone included, and CI's first
// steps, which start several servers at once.
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const workspace = join(root, '..');
const dist = join(root, 'dist');
export const BUNDLE = join(dist, 'cli.cjs');
const sources = [
  join(root, 'src'),
  join(root, 'package.json'),
  fileURLToPath(import.meta.url),
  // The npm packages are bundled: a new version of one is a new lockfile.
  join(workspace, 'pnpm-lock.yaml'),
  join(workspace, 'fixtures', 'src'),
  join(workspace, 'sdk', 'src'),
  join(workspace, 'openapi', 'src'),
  join(workspace, 'openapi', 'bundled'),
];

/** The newest modification time under `path` (a file or a folder). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
}

/** Writes a file under a temporary name, then renames it: a reader sees the old file or the new one. */
export function writeAtomically(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

/** Builds the bundle when it is missing or older than a source; returns its path. */
export async function ensureBundle() {
  // An installed package (the tarball of `pnpm pack`, see writePackage) has the bundle and no sources: it runs
  // the bundle it came with (its files' times say nothing there, and esbuild is not installed with it).
  if (!existsSync(join(root, 'src'))) {
    if (existsSync(BUNDLE)) return BUNDLE;
    throw new Error(`${BUNDLE} is missing, and there are no sources here to build it from`);
  }
  if (existsSync(BUNDLE) && statSync(BUNDLE).mtimeMs >= Math.max(...sources.map(newest))) return BUNDLE;
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(root, 'src', 'cli.ts')],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    // CommonJS, for vm.Script and its code cache (V8's cache of an ES module is not reachable from Node 20).
    format: 'cjs',
    target: 'node20',
    sourcemap: 'linked',
    // The map points into the sources on disk instead of copying them (half the bundling time).
    sourcesContent: false,
    logLevel: 'warning',
    // Written below, each file to a temporary name then renamed: starts running at once (tests spawn several)
    // each read a whole bundle, never one another writes.
    write: false,
    // The npm packages are bundled too (one file to read and compile, not hundreds to resolve). Redoc is only
    // located (require.resolve) to serve its script file.
    external: ['redoc'],
    define: { 'import.meta.url': '__bundleFileUrl' },
    banner: { js: "const __bundleFileUrl = require('node:url').pathToFileURL(__filename).href;" },
  });
  mkdirSync(dist, { recursive: true });
  // The source map first, so that a bundle in place always has its map.
  const isMap = (file) => Number(file.path.endsWith('.map'));
  for (const file of [...result.outputFiles].sort((a, b) => isMap(b) - isMap(a)))
    writeAtomically(file.path, isMap(file) ? file.contents : asciiOnly(file.text));
  return BUNDLE;
}

/**
 * The bundle's text with every non-ASCII character as its \u escape, which means the same in a string, a
 * template, a regular expression, an identifier or a comment. esbuild escapes strings but leaves a few
 * characters in comments and regular expressions (Korean ranges, a dash); one of them makes V8 hold the
 * whole source, which it keeps for the process's life, as two bytes a character: 7.2 instead of 3.6 MB.
 * (The source map's columns after such a character, on those few lines, are off by the escape's length.)
 */
function asciiOnly(text) {
  return text.replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The Playwright fixture module (`./playwright`), bundled apart from the CLI. */
export const PLAYWRIGHT_BUNDLE = join(dist, 'playwright.js');

/**
 * Bundles src/playwright/index.ts into dist/playwright.js, an ES module for Node. Playwright Test and the sdk
 * stay imports (the package's peer dependencies): a test runs them from its own installation, and the sdk's
 * error class is the one the test imports.
 */
export async function bundlePlaywright() {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(root, 'src', 'playwright', 'index.ts')],
    outfile: PLAYWRIGHT_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    external: ['@playwright/test', '@creator-market/sdk', '@creator-market/sdk/*'],
  });
  return PLAYWRIGHT_BUNDLE;
}

/** Where `pnpm pack` takes the package from (package.json's publishConfig.directory). */
export const PACKAGE_DIR = join(dist, 'package');

/**
 * The installable package, in dist/package/: the launcher (bin/mock.mjs and this file), the bundle, and a
 * package.json whose only dependency is redoc (its script is served as a file; everything else, the workspace
 * packages included, is inside the bundle). `pnpm pack` packs this folder (publishConfig.directory), so the
 * tarball installs from a registry-less folder: the workspace's own `workspace:*` dependencies, which pnpm
 * would rewrite to versions no registry has, are not in it. docs/decisions/sdk-packaging.md.
 */
export function writePackage() {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const workspaceManifest = JSON.parse(readFileSync(join(workspace, 'package.json'), 'utf8'));
  rmSync(PACKAGE_DIR, { recursive: true, force: true });
  mkdirSync(join(PACKAGE_DIR, 'bin'), { recursive: true });
  mkdirSync(join(PACKAGE_DIR, 'dist'), { recursive: true });
  for (const file of ['mock.mjs', 'bundle.mjs']) copyFileSync(join(here, file), join(PACKAGE_DIR, 'bin', file));
  copyFileSync(BUNDLE, join(PACKAGE_DIR, 'dist', 'cli.cjs'));
  copyFileSync(PLAYWRIGHT_BUNDLE, join(PACKAGE_DIR, 'dist', 'playwright.js'));
  copyFileSync(join(root, 'src', 'playwright', 'published.d.ts'), join(PACKAGE_DIR, 'dist', 'playwright.d.ts'));
  const sdkVersion = JSON.parse(readFileSync(join(workspace, 'sdk', 'package.json'), 'utf8')).version;
  const published = {
    name: manifest.name,
    version: manifest.version,
    description:
      'The creator-market mock server: the product API, the ad service and the /__mock control plane (npx creator-market-mock), and a Playwright Test fixture (./playwright).',
    type: 'module',
    bin: manifest.bin,
    files: ['bin', 'dist'],
    exports: {
      './playwright': { types: './dist/playwright.d.ts', import: './dist/playwright.js', default: './dist/playwright.js' },
      './package.json': './package.json',
    },
    engines: workspaceManifest.engines,
    dependencies: { redoc: manifest.dependencies.redoc },
    // Only the Playwright fixture needs them (a test project has both); the server needs neither.
    peerDependencies: { '@playwright/test': manifest.peerDependencies['@playwright/test'], '@creator-market/sdk': sdkVersion },
    peerDependenciesMeta: { '@playwright/test': { optional: true }, '@creator-market/sdk': { optional: true } },
  };
  writeFileSync(join(PACKAGE_DIR, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);
  return PACKAGE_DIR;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`[mock] bundle ready: ${await ensureBundle()}`);
  // Only where the sources are (an installed package has no package to write).
  if (existsSync(join(root, 'src'))) {
    await bundlePlaywright();
    console.log(`[mock] package for pnpm pack: ${writePackage()}`);
  }
}
