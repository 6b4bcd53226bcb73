// Starts what the suite runs against, once for all workers, and stops it after:
// - the mock server, from the installed package's bin (`creator-market-mock`), on MOCK_PORT;
// - the app: a test-mode build of it (README.md, "The app") in QA_APP_DIR (default ./dist/app), served on a
//   free loopback port as a static host serves a single-page app (a path that is not a file gets index.html).
// The app's address goes to the workers in QA_APP_URL.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createMockControl } from '@creator-market/sdk/control';
import { MOCK_PORT } from './playwright.config.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const APP_DIR = path.resolve(HERE, process.env.QA_APP_DIR ?? 'dist/app');
const API_BASE = `http://127.0.0.1:${MOCK_PORT}`;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

/** The app's folder checked: built, and for this suite's mock (its index.html preconnects to the API). */
function checkAppBuild(): void {
  const index = path.join(APP_DIR, 'index.html');
  if (!existsSync(index)) throw new Error(`no app build in ${APP_DIR}: see README.md, "The app"`);
  const preconnect = /<link rel="preconnect" href="([^"]+)"/.exec(readFileSync(index, 'utf8'))?.[1];
  if (preconnect && new URL(preconnect).origin !== new URL(API_BASE).origin)
    throw new Error(`the app in ${APP_DIR} was built for the API at ${preconnect}, not ${API_BASE}: set QA_MOCK_PORT or rebuild it`);
}

/** Serves APP_DIR on a free loopback port: files as they are, any other path index.html. */
async function serveApp(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://app').pathname);
    let file = path.join(APP_DIR, path.normalize(pathname));
    if (!file.startsWith(APP_DIR + path.sep) || !existsSync(file) || !statSync(file).isFile()) file = path.join(APP_DIR, 'index.html');
    response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
    response.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The installed bin on MOCK_PORT; resolves once its control plane answers (the typed client's personas()). */
async function startMock(): Promise<() => Promise<void>> {
  const bin = path.join(HERE, 'node_modules', '.bin', 'creator-market-mock');
  // A small world keeps the start cheap; every test makes its own world from it.
  const child = spawn(bin, ['--port', String(MOCK_PORT), '--scale', '0.2', '--max-worlds', '64'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const mock = createMockControl({ baseUrl: API_BASE });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`creator-market-mock exited (${child.exitCode}) before answering:\n${output}`);
    try {
      await mock.personas();
      return stop;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`creator-market-mock did not answer at ${API_BASE} within 120 s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  checkAppBuild();
  const stopMock = await startMock();
  const app = await serveApp();
  process.env.QA_APP_URL = app.url;
  console.log(`[qa-suite] mock server ${API_BASE} (creator-market-mock), app ${app.url} (${path.relative(HERE, APP_DIR) || '.'})`);
  return async () => {
    await app.close();
    await stopMock();
  };
}
