// The home start path of a build: the JavaScript the browser must download before the home route renders,
// read from the Vite manifest (app/vite.config.ts sets build.manifest) of an existing build. One definition
// for the budget (home-js.mjs) and for `pnpm size:why` (size-why.mjs):
//   - the entry chunk of index.html and every chunk it imports statically (the <link rel="modulepreload">s
//     of dist/index.html: checked against the manifest, so the two cannot drift apart), and
//   - the Home screen's lazy chunk and its static imports.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The manifest key of the entry page, and of the home route's screen module (app/src/shell/routes.tsx). */
const ENTRY_KEY = 'index.html';
const HOME_SCREEN_KEY = 'src/screens/Home/index.tsx';

function readManifest(dist) {
  const file = join(dist, '.vite', 'manifest.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read ${file} (${error.code ?? error.message}); build the app first: pnpm --filter @creator-market/app build`);
  }
}

/** Manifest keys of `key` and of everything it imports statically, transitively, in a stable order. */
function staticClosure(manifest, key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * The scripts index.html loads at once: its module script (the entry chunk, linked, or written inline with
 * its name in data-entry: app/vite.config.ts) and its modulepreloads.
 */
function scriptsOfIndexHtml(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const sources = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*(?:src|data-entry)="\/([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g),
  ].map((match) => match[1]);
  return new Set(sources);
}

/**
 * The home start path's .js files (paths inside `dist`). Throws when the build cannot say: no manifest,
 * index.html and the manifest disagreeing, or no lazy Home screen.
 * @param {string} dist
 * @returns {string[]}
 */
export function homePathFiles(dist) {
  const manifest = readManifest(dist);
  const entryKeys = staticClosure(manifest, ENTRY_KEY);
  const entryFiles = [...entryKeys].map((key) => manifest[key].file);
  const fromHtml = scriptsOfIndexHtml(dist);
  const mismatch = [...entryFiles.filter((file) => !fromHtml.has(file)), ...[...fromHtml].filter((file) => !entryFiles.includes(file))];
  if (mismatch.length > 0) throw new Error(`index.html and the manifest disagree about the start scripts: ${mismatch.join(', ')}`);
  if (![...entryKeys].some((key) => manifest[key].dynamicImports?.includes(HOME_SCREEN_KEY))) {
    throw new Error(`${HOME_SCREEN_KEY} is not a lazy chunk of the start scripts any more (app/src/shell/routes.tsx)`);
  }
  const homeKeys = staticClosure(manifest, HOME_SCREEN_KEY, new Set(entryKeys));
  return [...homeKeys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}
