// The CLI runs from its sources too (`tsx mock-server/src/cli.ts`, a debugger attached): bin/mock.mjs's bundle
// and code cache speed up a start, they are not required. From sources no cache is read or written.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { FROM_SOURCES, MOCK_DIR } from './support/cli-run';

describe('the CLI from its sources', () => {
  it('starts, answers the API, and reads or writes no seed or code cache', async () => {
    const child = spawn(process.execPath, [...FROM_SOURCES, '--port', '0', '--scale', '0.2'], {
      cwd: MOCK_DIR,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    try {
      const api = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no API line in 50 s:\n${output}`)), 50_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const line = /\[mock\]\s+API\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
          if (line && /new worlds\s+ready/.test(output)) {
            clearTimeout(timer);
            resolve(line[1]!);
          }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
      });
      const answer = await fetch(`${api}/common/v2/opened-market`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      expect(output).toMatch(/creator-market mock server ready in \d+ ms \(seed 1, scale 0\.2/);
      expect(output).not.toMatch(/start the mock server with|code cache|seed cache/);
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);
});
