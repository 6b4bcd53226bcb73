#!/usr/bin/env node
// `pnpm size:why`: where the bytes of the app's JavaScript come from. Builds the app with
// rollup-plugin-visualizer (app/vite.config.ts, when SIZE_WHY_DIR is set) into a folder of its own, writes
// its treemap of every chunk's modules to artifacts/size-why.html, and prints the modules of the home start
// path (the chunks scripts/budgets/home-js.mjs counts: index.html's scripts and the Home screen's) by the
// minified bytes each puts into them (read from the build's source maps), largest first, with each file's
// gzip size as the budget counts it. Run it before adding to the start path (docs/decisions/home-js-start-chunk.md).
//
//   pnpm size:why [--top 25]
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { homePathFiles } from './home-path.mjs';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const { values: flags } = parseArgs({ options: { top: { type: 'string', default: '25' } } });

const work = mkdtempSync(join(tmpdir(), 'size-why-'));
try {
  const dist = join(work, 'dist');
  execFileSync(
    'pnpm',
    ['--filter', '@creator-market/app', 'exec', 'vite', 'build', '--sourcemap', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, SIZE_WHY_DIR: work },
    },
  );
  mkdirSync(join(REPO_ROOT, 'artifacts'), { recursive: true });
  copyFileSync(join(work, 'size-why.html'), join(REPO_ROOT, 'artifacts', 'size-why.html'));

  const files = new Set(homePathFiles(dist));
  const data = JSON.parse(readFileSync(join(work, 'size-why.json'), 'utf8'));
  // raw-data: a tree of chunks (its top children, named by file) and their modules (leaves with a uid into
  // nodeParts: each module's bytes in that chunk, from the source maps).
  const modules = new Map();
  const walk = (node) => {
    if (node.uid) {
      const part = data.nodeParts[node.uid];
      const id = data.nodeMetas[part.metaUid].id;
      modules.set(id, (modules.get(id) ?? 0) + part.renderedLength);
      return;
    }
    for (const child of node.children ?? []) walk(child);
  };
  for (const chunk of data.tree.children) if (files.has(chunk.name)) walk(chunk);

  const kb = (bytes) => (bytes / 1000).toFixed(2).padStart(7);
  const gzip = [...files].map((file) => ({ file, bytes: gzipSync(readFileSync(join(dist, file)), { level: 9 }).byteLength }));
  console.log(`home start path: ${kb(gzip.reduce((sum, { bytes }) => sum + bytes, 0)).trim()} KB gzip in ${files.size} files`);
  for (const { file, bytes } of gzip) console.log(`  ${kb(bytes)} KB gzip  ${file}`);
  const ranked = [...modules].sort((a, b) => b[1] - a[1]);
  const minified = ranked.reduce((sum, [, bytes]) => sum + bytes, 0);
  console.log(`\n${ranked.length} modules, ${kb(minified).trim()} KB minified; the largest:`);
  for (const [id, bytes] of ranked.slice(0, Number(flags.top))) {
    console.log(
      `  ${kb(bytes)} KB  ${((100 * bytes) / minified).toFixed(1).padStart(4)}%  ${id.replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '').replace(REPO_ROOT, '')}`,
    );
  }
  console.log(`\ntreemap of every chunk: ${join(REPO_ROOT, 'artifacts', 'size-why.html')}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
