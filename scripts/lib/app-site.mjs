// The built app as the browser journeys and the Lighthouse budget use it: built for a given API address
// into a directory of its own (`.tmp/` is git-ignored, so `pnpm build`'s app/dist stays), and served the way
// the real host serves it: hashed assets cached for a year, index.html revalidated, every path that is not
// a file answered with index.html (the SPA fallback), a missing built asset a 404.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { listenOnLoopback, REPO_ROOT } from '../bench/processes.mjs';

/**
 * Builds the app for `apiBase` into `outDir` (emptied first), with `env` added to the build's environment;
 * `base`: vite's base (`./` works from any folder of a host).
 * @param {{outDir: string, apiBase: string, env?: Record<string, string>, base?: string}} options
 * @returns {Promise<void>}
 */
export function buildApp({ outDir, apiBase, env = {}, base }) {
  rmSync(outDir, { recursive: true, force: true });
  return new Promise((resolve, reject) => {
    const args = ['--filter', '@creator-market/app', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'];
    if (base) args.push('--base', base);
    const child = spawn('pnpm', args, {
      cwd: REPO_ROOT,
      env: { ...process.env, VITE_API_BASE: apiBase, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(String(chunk)));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0 && existsSync(path.join(outDir, 'index.html'))) resolve();
      else reject(new Error(`the app build failed (exit ${code}):\n${output.join('').slice(-4000)}`));
    });
  });
}

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg']);

/** The file a request path names inside `root`, or null (outside the root, not a file, or not decodable). */
function fileFor(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const file = path.join(root, path.normalize(decoded));
  if (!file.startsWith(root + path.sep)) return null;
  try {
    return statSync(file).isFile() ? file : null;
  } catch {
    return null;
  }
}

/** The encoding a client's Accept-Encoding allows, the best first: Brotli, then gzip; null for none. */
export function preferredEncoding(acceptEncoding) {
  const accepted = String(acceptEncoding ?? '');
  return ['br', 'gzip'].find((name) => new RegExp(`\\b${name}\\b`).test(accepted)) ?? null;
}

/**
 * `body` compressed with `encoding` ('br' or 'gzip'), as production hosts do: Brotli at quality 11 for files
 * compressed once and kept, at `brQuality` 5 for answers compressed as they are sent (a CDN's dynamic
 * compression: quality 11 took 638 instead of 4 ms for a 570 KB answer); gzip at level 9.
 */
export function compressed(body, encoding, brQuality = 11) {
  if (encoding === 'br') return brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brQuality } });
  return gzipSync(body, { level: 9 });
}

/**
 * Serves the build in `root` on a free loopback port; resolves with {origin, close}. `compress`: text is sent
 * compressed to clients that accept it, as a production host does (the Lighthouse budget's slow-4G link):
 * Brotli when the client accepts it (current browsers do, on localhost too), else gzip. Every file is
 * compressed before the first request, as a deployment precompresses its assets: compressing on the first
 * request (Brotli's best quality takes ~0.4 s for the start chunk) made that request look like a slow server
 * to Lighthouse, whose simulation keeps each request's observed server time.
 */
export async function serveBuild(root, { compress = false } = {}) {
  const index = path.join(root, 'index.html');
  const files = new Map();
  const contentOf = (file) => {
    let entry = files.get(file);
    if (!entry) {
      const bytes = readFileSync(file);
      const ext = path.extname(file).toLowerCase();
      const compressible = compress && COMPRESSIBLE.has(ext);
      entry = {
        raw: bytes,
        encoded: compressible ? { br: compressed(bytes, 'br'), gzip: compressed(bytes, 'gzip') } : {},
        type: CONTENT_TYPES[ext] ?? 'application/octet-stream',
      };
      files.set(file, entry);
    }
    return entry;
  };
  if (compress) {
    for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      const file = path.join(root, name);
      if (statSync(file).isFile()) contentOf(file);
    }
  }
  const server = http.createServer((req, res) => {
    let pathname;
    try {
      pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    } catch {
      pathname = '/';
    }
    const file = fileFor(root, pathname);
    if (!file && pathname.startsWith('/assets/')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    const chosen = file ?? index;
    const entry = contentOf(chosen);
    const encoding = entry.encoded.br ? preferredEncoding(req.headers['accept-encoding']) : null;
    res.writeHead(200, {
      'Content-Type': entry.type,
      'Cache-Control': chosen.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(compress ? { Vary: 'Accept-Encoding' } : {}),
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    });
    res.end(encoding ? entry.encoded[encoding] : entry.raw);
  });
  return listenOnLoopback(server);
}
