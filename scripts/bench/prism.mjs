// Prism 5 mocking our bundled OpenAPI with its static examples: the peer the mock server must beat.
import http from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort, HOST, REPO_ROOT, startProcess } from './processes.mjs';

const require = createRequire(import.meta.url);
const PRISM_BIN = join(dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');

/** Any HTTP answer on the port means Prism is listening. */
function answers(port) {
  return new Promise((resolve) => {
    const req = http.get({ host: HOST, port, path: '/__prism-ready-probe', timeout: 500 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
  });
}

/**
 * Starts `prism mock openapi/bundled/product.json` with its request log at `error` level (its default `info`
 * level logs every request, which would measure its logger, not its mocking). Resolves with the handle.
 */
export async function startPrism({ timeoutMs = 30_000 } = {}) {
  const port = await freePort();
  const handle = await startProcess({
    command: process.execPath,
    args: [PRISM_BIN, 'mock', '-p', String(port), '-h', HOST, '-v', 'error', join(REPO_ROOT, 'openapi/bundled/product.json')],
    probe: () => answers(port),
    timeoutMs,
    label: 'prism',
  });
  return Object.assign(handle, { baseUrl: `http://${HOST}:${port}`, port });
}
