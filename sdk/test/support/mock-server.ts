// A real mock server for the control client's tests, over HTTP only: `node mock-server/bin/mock.mjs --port 0`
// (the package's bin, which builds its bundle when stale), stopped after the file. The sdk depends on nothing
// of the mock server; this only runs its bin from the workspace. MOCK_CONTROL_TEST_URL=http://127.0.0.1:4010
// runs the tests against a server already running instead (it must be started with the flags below).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = join(dirname(fileURLToPath(import.meta.url)), '../../../mock-server/bin/mock.mjs');
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
