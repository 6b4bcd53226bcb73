#!/usr/bin/env node
// `pnpm mock`: runs src/cli.ts. The TypeScript sources (this package's and the workspace packages it
// imports) and the npm packages they use are bundled once with esbuild into dist/cli.cjs and reused until a
// source changes: loading them through a TypeScript loader on every start cost about a second.
//
// The bundle runs from a V8 code cache (docs/decisions/esbuild-bundle-for-pnpm-mock.md): Node 20 has no
// compile cache of its own (module.enableCompileCache is Node 22), and resolving, reading and compiling
// Express's 271 modules and the bundle was ~45% of a start at scale 1. A start compiles the bundle with
// the cache saved by an earlier one; a start without a usable cache saves one once the server is warm
// (the CLI says when, through the bundle host below), so it holds the functions a start and its first
// requests compile. V8 refuses a cache made by another V8 or with other flags; the file's name carries
// a hash of the bundle, so a cache is never used for another bundle. The file is kept beside the seed cache:
// --cache-dir DIR moves it, --no-cache neither reads nor writes it.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import vm from 'node:vm';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const workspace = join(root, '..');
const dist = join(root, 'dist');
const out = join(dist, 'cli.cjs');
const CODE_CACHE = /^cli-[0-9a-f]{16}\.v8-cache$/;
const sources = [
  join(root, 'src'),
  join(root, 'package.json'),
  fileURLToPath(import.meta.url),
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
function writeAtomically(file, contents) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
}

if (!existsSync(out) || statSync(out).mtimeMs < Math.max(...sources.map(newest))) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(root, 'src', 'cli.ts')],
    outfile: out,
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
  for (const file of [...result.outputFiles].sort((a, b) => isMap(b) - isMap(a))) writeAtomically(file.path, file.contents);
}

const source = readFileSync(out, 'utf8');
const version = createHash('sha256').update(source).digest('hex').slice(0, 16);
// The CLI's own flags, read here only for where its caches are (the CLI parses and checks them all).
// (`pnpm mock -- --cache-dir D` passes the `--` through; it separates nothing, as in the CLI.)
const args = process.argv.slice(2).filter((arg, i, all) => !(arg === '--' && all.indexOf('--') === i));
const flags = parseArgs({ args, strict: false, options: { 'cache-dir': { type: 'string' }, 'no-cache': { type: 'boolean' } } }).values;
const cacheDir = typeof flags['cache-dir'] === 'string' ? flags['cache-dir'] : join(root, 'node_modules', '.cache', 'creator-market');
const codeCacheFile = flags['no-cache'] ? null : join(cacheDir, `cli-${version}.v8-cache`);
const cachedData = codeCacheFile && existsSync(codeCacheFile) ? readFileSync(codeCacheFile) : undefined;
const script = new vm.Script(Module.wrap(source), { filename: out, cachedData });
const cacheUsed = cachedData !== undefined && !script.cachedDataRejected;

/**
 * What the CLI learns from this launcher (src/cli.ts reads it): the bundle's version (the seed cache's key),
 * the caches' folder, and how to save the code cache once the server is warm (the file written, or null
 * when there is nothing to save: the cache read was used, or --no-cache).
 */
globalThis[Symbol.for('creator-market.bundle-host')] = {
  version,
  cacheDir,
  saveCodeCache() {
    if (cacheUsed || !codeCacheFile) return null;
    mkdirSync(cacheDir, { recursive: true });
    writeAtomically(codeCacheFile, script.createCachedData());
    for (const name of readdirSync(cacheDir))
      if (CODE_CACHE.test(name) && join(cacheDir, name) !== codeCacheFile) rmSync(join(cacheDir, name), { force: true });
    return codeCacheFile;
  },
};

const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(out), module, out, dist);
