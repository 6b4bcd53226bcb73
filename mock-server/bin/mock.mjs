#!/usr/bin/env node
// `pnpm mock`: runs src/cli.ts. The TypeScript sources (this package's and the workspace packages it
// imports) are bundled once with esbuild into dist/cli.mjs and reused until a source changes: loading them
// through a TypeScript loader on every start cost about a second of the 1.5 s start-up budget.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const workspace = join(root, '..');
const out = join(root, 'dist', 'cli.mjs');
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

if (!existsSync(out) || statSync(out).mtimeMs < Math.max(...sources.map(newest))) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(root, 'src', 'cli.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // Written below, each file to a temporary name then renamed: starts running at once (tests spawn several)
    // each read a whole bundle, never one another writes.
    write: false,
    // This package's own npm dependencies stay in its node_modules (dist/ resolves them from there); the
    // workspace packages, and what they depend on, are bundled.
    external: Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies).filter(
      (name) => !name.startsWith('@creator-market/'),
    ),
  });
  mkdirSync(dirname(out), { recursive: true });
  // The source map first, so that a bundle in place always has its map.
  const isMap = (file) => Number(file.path.endsWith('.map'));
  for (const file of [...result.outputFiles].sort((a, b) => isMap(b) - isMap(a))) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

await import(pathToFileURL(out).href);
