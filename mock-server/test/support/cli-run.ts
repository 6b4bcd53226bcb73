// Runs the real CLI (bin/mock.mjs, the bundle it builds and runs) until a line of its output matches, then
// stops it with SIGTERM; for the tests of what a start reads and writes (seed cache, code cache).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MOCK_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = join(MOCK_DIR, 'bin/mock.mjs');
/** The CLI's sources, as a debugger runs them: `node --import tsx src/cli.ts`. */
export const FROM_SOURCES = ['--import', 'tsx', join(MOCK_DIR, 'src/cli.ts')];

export interface CliRun {
  output: string;
  code: number | null;
}

/**
 * Starts `node ...nodeFlags bin/mock.mjs --port 0 ...args`, stops it once its output matches `until` (killed
 * after 60 s).
 */
export function runCliUntil(args: string[], until: RegExp, nodeFlags: string[] = []): Promise<CliRun> {
  const child = spawn(process.execPath, [...nodeFlags, BIN, '--port', '0', ...args], { cwd: MOCK_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (until.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ output, code });
    });
  });
}
