#!/usr/bin/env node
// `pnpm mock`: runs src/cli.ts. The TypeScript sources (this package's and the workspace packages it
// imports) are bundled once with esbuild into dist/cli.mjs and reused until a source changes: loading them
// through a TypeScript loader on every start cost about a second of the 1.5 s start-up budget.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
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
  await build({
    entryPoints: [join(root, 'src', 'cli.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // This package's own npm dependencies stay in its node_modules (dist/ resolves them from there); the
    // workspace packages, and what they depend on, are bundled.
    external: Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies).filter(
      (name) => !name.startsWith('@creator-market/'),
    ),
  });
}

await import(pathToFileURL(out).href);
