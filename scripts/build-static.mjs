#!/usr/bin/env node
// `pnpm build:static`: the whole marketplace as a folder of files, app/dist-static/, that any static host
// serves with no server process (`python3 -m http.server -d app/dist-static`, GitHub Pages, a bucket). The
// app is built with the mock in the page (VITE_MOCK_IN_BROWSER=1: the mock's core answers the API, the
// control plane, the images and the sign-in and payment pages inside the page, behind the app's service
// worker, at <folder>/__api) and with mock worlds (VITE_MOCK_WORLDS=1: `?mockWorld=NAME` pins one), and with
// a relative base, so it works from any folder of a host: /, or a sub-path such as GitHub Pages' /<repo>/.
//   node scripts/build-static.mjs [--out DIR]
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from './lib/app-site.mjs';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Where `pnpm build:static` writes the site (git-ignored). */
export const STATIC_DIR = path.join(REPO_ROOT, 'app', 'dist-static');

/** Builds the static site into `outDir`; resolves with its size in bytes and its file count. */
export async function buildStatic(outDir = STATIC_DIR) {
  await buildApp({
    outDir,
    // The API is a path of the page's own origin (app/src/config/hosts.ts); this only fills index.html's preconnect.
    apiBase: './__api',
    base: './',
    env: { VITE_MOCK_IN_BROWSER: '1', VITE_MOCK_WORLDS: '1' },
  });
  for (const file of ['index.html', 'creator-market-sw.js', 'mockServiceWorker.js'])
    if (!existsSync(path.join(outDir, file))) throw new Error(`the static build has no ${file}`);
  let bytes = 0;
  let files = 0;
  for (const name of readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
    const stat = statSync(path.join(outDir, name));
    if (stat.isFile()) {
      bytes += stat.size;
      files += 1;
    }
  }
  return { outDir, bytes, files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const started = Date.now();
  const { outDir, bytes, files } = await buildStatic(values.out ? path.resolve(values.out) : STATIC_DIR);
  const where = path.relative(process.cwd(), outDir) || '.';
  console.log(
    `[build:static] ${where}/: ${files} files, ${(bytes / 1024 / 1024).toFixed(1)} MB, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`[build:static] serve it with any static host, e.g. python3 -m http.server -d ${where} 8080`);
}
