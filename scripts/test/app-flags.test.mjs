// @ts-check
// `pnpm dev` and `pnpm build` take their ports, API base and test modes as flags (lib/app-flags.mjs): what
// each flag becomes, the app's build environment it gives, and the clear exit-2 error of a flag they do
// not know. The commands themselves print their help and start nothing.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { appEnv, FlagError, parseBuildFlags, parseDevFlags } from '../lib/app-flags.mjs';

const SCRIPTS = fileURLToPath(new URL('../', import.meta.url));

void describe('pnpm dev flags', () => {
  void test('default to the mock on 4010 and the app on 5173, the API at the mock', () => {
    assert.deepEqual(parseDevFlags([]), {
      help: false,
      mockPort: 4010,
      appPort: 5173,
      apiBase: 'http://127.0.0.1:4010',
      testMode: false,
      mockInBrowser: false,
      mockArgs: [],
    });
  });

  void test("move both ports; the API base follows the mock's port unless given", () => {
    const moved = parseDevFlags(['--mock-port', '4111', '--app-port=5199']);
    assert.equal(moved.mockPort, 4111);
    assert.equal(moved.appPort, 5199);
    assert.equal(moved.apiBase, 'http://127.0.0.1:4111');
    assert.equal(parseDevFlags(['--mock-port', '4111', '--api-base', 'http://api.test/v1/']).apiBase, 'http://api.test/v1');
  });

  void test('pass the flags after -- to the mock server', () => {
    assert.deepEqual(parseDevFlags(['--test-mode', '--', '--seed', '7', '--scale', '0.5']).mockArgs, ['--seed', '7', '--scale', '0.5']);
  });

  void test('--no-server is --mock-in-browser, which takes no mock flags', () => {
    assert.equal(parseDevFlags(['--no-server']).mockInBrowser, true);
    assert.equal(parseDevFlags(['--mock-in-browser']).mockInBrowser, true);
    assert.throws(() => parseDevFlags(['--mock-in-browser', '--mock-port', '4111']), /drop --mock-port/);
    assert.throws(() => parseDevFlags(['--mock-in-browser', '--', '--seed', '7']), FlagError);
  });

  void test('refuse unknown flags, stray words and bad values, naming them', () => {
    assert.throws(() => parseDevFlags(['--mock-prot', '4111']), {
      name: 'FlagError',
      message: /pnpm dev: Unknown option '--mock-prot'.*--help/,
    });
    assert.throws(() => parseDevFlags(['4111']), { name: 'FlagError', message: /Unexpected argument '4111'/ });
    assert.throws(() => parseDevFlags(['--app-port', '70000']), /--app-port must be a port from 1 to 65535, got '70000'/);
    assert.throws(() => parseDevFlags(['--mock-port', '41a']), /--mock-port must be a port/);
    assert.throws(() => parseDevFlags(['--api-base', 'ftp://x']), /--api-base must be an http\(s\) URL/);
    assert.throws(() => parseDevFlags(['--api-base', '127.0.0.1:4010']), /--api-base must be an http\(s\) URL/);
  });
});

void describe('pnpm build flags', () => {
  void test('default to the app for the mock at 127.0.0.1:4010 into app/dist', () => {
    assert.deepEqual(parseBuildFlags([]), {
      help: false,
      apiBase: 'http://127.0.0.1:4010',
      testMode: false,
      mockInBrowser: false,
      outDir: undefined,
    });
  });

  void test('take the API base, the test mode and the output folder (relative to where the command runs)', () => {
    const flags = parseBuildFlags(['--api-base', 'http://x', '--test-mode', '--out', 'build/app'], '/work/here');
    assert.equal(flags.apiBase, 'http://x');
    assert.equal(flags.testMode, true);
    assert.equal(flags.outDir, path.resolve('/work/here', 'build/app'));
  });

  void test('refuse an unknown flag and the ports, which only pnpm dev has', () => {
    assert.throws(() => parseBuildFlags(['--app-port', '5199']), { name: 'FlagError', message: /pnpm build: Unknown option '--app-port'/ });
    assert.throws(() => parseBuildFlags(['--mock-in-browser', '--api-base', 'http://x']), /drop --api-base/);
  });
});

void describe("the app's build environment", () => {
  void test('the API base always; test mode is VITE_MOCK_WORLDS=1', () => {
    assert.deepEqual(appEnv({ apiBase: 'http://x', testMode: false, mockInBrowser: false }), { VITE_API_BASE: 'http://x' });
    assert.deepEqual(appEnv({ apiBase: 'http://x', testMode: true, mockInBrowser: false }), {
      VITE_API_BASE: 'http://x',
      VITE_MOCK_WORLDS: '1',
    });
  });

  void test('the browser mode is VITE_MOCK_IN_BROWSER=1, with no API base (the page answers it)', () => {
    assert.deepEqual(appEnv({ apiBase: 'http://x', testMode: true, mockInBrowser: true }), {
      VITE_MOCK_WORLDS: '1',
      VITE_MOCK_IN_BROWSER: '1',
    });
  });
});

void describe('the commands', () => {
  for (const command of ['dev', 'build']) {
    void test(`pnpm ${command} --help prints the flags and starts nothing (exit 0, at once)`, () => {
      const run = spawnSync(process.execPath, [path.join(SCRIPTS, `${command}.mjs`), '--help'], { encoding: 'utf8', timeout: 10_000 });
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, new RegExp(`^Usage: pnpm ${command} `));
      for (const flag of ['--api-base', '--test-mode', '--mock-in-browser']) assert.match(run.stdout, new RegExp(flag));
      // Nothing was started: no child's prefixed output, no build line.
      assert.doesNotMatch(run.stdout, /\[mock\]|\[app\]|\[build\]/);
    });

    void test(`pnpm ${command} with an unknown flag exits 2 with the flag named on stderr`, () => {
      const run = spawnSync(process.execPath, [path.join(SCRIPTS, `${command}.mjs`), '--frobnicate'], {
        encoding: 'utf8',
        timeout: 10_000,
      });
      assert.equal(run.status, 2);
      assert.equal(run.stdout, '');
      assert.match(run.stderr, new RegExp(`^pnpm ${command}: Unknown option '--frobnicate'`));
    });
  }
});
