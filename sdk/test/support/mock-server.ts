// A real mock server for the control client's tests, over HTTP only: the mock server package's bin
// (`creator-market-mock --port 0`, which builds its bundle when stale), stopped after the file. The sdk's code
// depends on nothing of the mock server; its tests run the bin of the declared devDependency, found through
// the package. MOCK_CONTROL_TEST_URL=http://127.0.0.1:4010 runs the tests against a server already running
// instead (it must be started with the flags below).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const MOCK_PACKAGE = require.resolve('@creator-market/mock-server/package.json');
const { bin } = require(MOCK_PACKAGE) as { bin: { 'creator-market-mock': string } };
const BIN = join(dirname(MOCK_PACKAGE), bin['creator-market-mock']);
/** The instant the test worlds start at (as the mock server's own tests): the same markets at any hour. */
export const START_AT = '2026-12-10T03:00:00Z';
export const SERVER_FLAGS = ['--seed', '1', '--scale', '0.2', '--start-at', START_AT];

export interface RunningMock {
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startMockServer(): Promise<RunningMock> {
  const given = process.env.MOCK_CONTROL_TEST_URL;
  if (given) return { baseUrl: given.replace(/\/+$/, ''), stop: () => Promise.resolve() };

  const child = spawn(process.execPath, [BIN, '--port', '0', ...SERVER_FLAGS], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const api = /API\s+(http:\/\/\S+?)\/?\s/.exec(output);
      if (api?.[1]) resolve(api[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the mock server exited (${code}) before listening:\n${output}`)));
  });
  return {
    baseUrl,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
