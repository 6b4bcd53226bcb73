// What the browser journeys run against: the mock server (its CLI on a free port), the app built once for
// that server, and a small static server for the build with the SPA fallback (every path that is not a
// file gets index.html, as on the real host).
import { spawn } from 'node:child_process';
import { createReadStream, existsSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { freePort, HOST, REPO_ROOT, startMockCli } from '../../bench/processes.mjs';

export { HOST, REPO_ROOT };

/** The build directory (`.tmp/` is git-ignored); a directory of its own so `pnpm build`'s app/dist stays. */
export const BUILD_DIR = path.join(REPO_ROOT, '.tmp', 'e2e-app');

/**
 * Starts the mock server. Every journey makes its own world, so it keeps more worlds than the default 16
 * (an evicted world would be re-seeded under a journey's feet).
 */
export async function startMockServer() {
  return startMockCli({ flags: ['--max-worlds', '64'], timeoutMs: 180_000 });
}

/**
 * Builds the app for `apiBase` into BUILD_DIR. VITE_MOCK_WORLDS=1 lets the build pin itself to a mock world
 * (app/src/api/client.ts sends localStorage 'cm.mockWorld' as X-Mock-World); a normal production build
 * never sends that header.
 */
export function buildApp(apiBase) {
  rmSync(BUILD_DIR, { recursive: true, force: true });
  return new Promise((resolve, reject) => {
    const args = ['--filter', '@creator-market/app', 'build', '--outDir', BUILD_DIR, '--emptyOutDir', '--logLevel', 'warn'];
    const child = spawn('pnpm', args, {
      cwd: REPO_ROOT,
      env: { ...process.env, VITE_API_BASE: apiBase, VITE_MOCK_WORLDS: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(String(chunk)));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0 && existsSync(path.join(BUILD_DIR, 'index.html'))) resolve();
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

/** The file a request path names inside `root`, or null (outside the root, or not a file). */
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

/** Serves `root` on a free loopback port; resolves with {origin, close}. */
export async function serveStatic(root) {
  const port = await freePort();
  const index = path.join(root, 'index.html');
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const file = fileFor(root, pathname);
    // A missing built asset is a 404 (a broken build must show); any other path is an app route.
    if (!file && pathname.startsWith('/assets/')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    const chosen = file ?? index;
    const hashed = chosen.includes(`${path.sep}assets${path.sep}`);
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES[path.extname(chosen).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    createReadStream(chosen).pipe(res);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, resolve);
  });
  return {
    origin: `http://${HOST}:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
