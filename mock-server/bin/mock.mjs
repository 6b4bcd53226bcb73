#!/usr/bin/env node
// `pnpm mock`: runs src/cli.ts from its bundle (bin/bundle.mjs, built here when missing or stale).
//
// The bundle runs from a V8 code cache (docs/decisions/esbuild-bundle-for-pnpm-mock.md): Node 20 has no
// compile cache of its own (module.enableCompileCache is Node 22), and resolving, reading and compiling
// Express's 271 modules and the bundle was ~45% of a start at scale 1. A start compiles the bundle with
// the cache saved by an earlier one; a start without a usable cache saves one once the server is warm
// (the CLI says when, through the bundle host below), so it holds the functions a start and its first
// requests compile. V8 refuses a cache made by another V8 or with other flags; the file's name carries
// a hash of the bundle (a cache is never used for another bundle) and of the node flags. It is kept beside
// the seed cache: --cache-dir DIR moves it, --no-cache neither reads nor writes it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import vm from 'node:vm';
import { ensureBundle, writeAtomically } from './bundle.mjs';

const out = await ensureBundle();
const dist = dirname(out);
/** A code cache's name: the bundle's version, then the node flags it was made with (none in the first ones). */
const CODE_CACHE = /^cli-([0-9a-f]{16})(-[0-9a-f]{8})?\.v8-cache$/;

// The CLI's own flags, read here only for where its caches are (the CLI parses and checks them all).
// (`pnpm mock -- --cache-dir D` passes the `--` through; it separates nothing, as in the CLI.)
const args = process.argv.slice(2).filter((arg, i, all) => !(arg === '--' && all.indexOf('--') === i));
const flags = parseArgs({ args, strict: false, options: { 'cache-dir': { type: 'string' }, 'no-cache': { type: 'boolean' } } }).values;
const cacheDir = typeof flags['cache-dir'] === 'string' ? flags['cache-dir'] : join(dist, '..', 'node_modules', '.cache', 'creator-market');
const { script, version, codeCacheFile, cacheUsed } = compileBundle();

/**
 * The bundle compiled, with the code cache saved for it and these node flags when there is one. (In a function
 * so that the source text and the cache's bytes, ~6 MB, are not kept once compiled: the script holds what it
 * needs.)
 */
function compileBundle() {
  const source = readFileSync(out, 'utf8');
  const bundleVersion = createHash('sha256').update(source).digest('hex').slice(0, 16);
  // V8 refuses a cache made with other flags (--expose-gc, --cpu-prof...): each set of flags has its own file,
  // so a profiling or measuring run neither misses the usual cache nor replaces it.
  const nodeFlags = createHash('sha256')
    .update(JSON.stringify([process.execArgv, process.env.NODE_OPTIONS ?? '']))
    .digest('hex')
    .slice(0, 8);
  const file = flags['no-cache'] ? null : join(cacheDir, `cli-${bundleVersion}-${nodeFlags}.v8-cache`);
  const cachedData = file && existsSync(file) ? readFileSync(file) : undefined;
  const compiled = new vm.Script(Module.wrap(source), { filename: out, cachedData });
  return {
    script: compiled,
    version: bundleVersion,
    codeCacheFile: file,
    cacheUsed: cachedData !== undefined && !compiled.cachedDataRejected,
  };
}

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
    for (const name of readdirSync(cacheDir)) {
      // The caches of other bundles are stale; those of other flags stay.
      const made = CODE_CACHE.exec(name);
      if (made && made[1] !== version) rmSync(join(cacheDir, name), { force: true });
    }
    return codeCacheFile;
  },
};

const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(out), module, out, dist);
