#!/usr/bin/env node
// Runs the Arazzo flows of flows/ with `redocly respect` against a freshly started mock server.
// `pnpm --filter @creator-market/openapi flow`
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const mockBin = join(root, '..', 'mock-server', 'bin', 'mock.mjs');

/** @returns {Promise<number>} a port nobody listens on now */
const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const port = await freePort();
const server = spawn(process.execPath, [mockBin, '--port', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
await /** @type {Promise<void>} */ (
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the mock server did not start within 30 s')), 30_000);
    server.stdout.on('data', (chunk) => {
      if (String(chunk).includes('ready in')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.on('exit', (code) => reject(new Error(`the mock server exited with ${code}`)));
  })
);

const base = `http://127.0.0.1:${port}`;
const respect = spawn(
  'npx',
  ['redocly', 'respect', 'flows/order-to-paid.arazzo.yaml', '--server', `product=${base}`, '--server', `control=${base}/__mock`],
  { cwd: root, stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off' } },
);
const code = await new Promise((resolve) => respect.on('exit', (c) => resolve(c ?? 1)));
server.kill('SIGTERM');
process.exit(code);
