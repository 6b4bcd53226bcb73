#!/usr/bin/env node
// Packages that install anywhere (docs/decisions/sdk-packaging.md): packs the sdk and the mock server with
// `pnpm pack` into a temporary folder, installs both tarballs in a consumer project there (no workspace, no
// links), and checks what an outside team would do with them:
//
// - plain node imports every entry of the sdk (ESM `import`, and `require` on Node >= 20.19);
// - `tsc --noEmit` passes on a consumer file that uses every entry, under each consumer setup of SETUPS
//   (NodeNext and Bundler resolution, with and without the DOM lib, a CommonJS file), every one with
//   strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess and skipLibCheck false;
// - the mock server's bin (`creator-market-mock`) starts from the installed package, and the installed sdk's
//   control client signs in and moves the clock on it;
// - the mock server's Playwright fixture (`@creator-market/mock-server/playwright`, with @playwright/test
//   installed beside it) imports in plain node and type-checks in a spec that uses its fixtures and options.
//
// Prints one row per check and exits 1 when one fails. `--keep` leaves the folder for a look.
//   node scripts/packages/check.mjs [--keep]
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { packedTarballs, packMockServer, packSdk } from '../lib/pack.mjs';

const run = promisify(execFile);
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const keep = process.argv.includes('--keep');
const work = mkdtempSync(join(tmpdir(), 'cm-packages-'));
const tarballs = join(work, 'tarballs');
const consumer = join(work, 'consumer');
mkdirSync(tarballs);
mkdirSync(consumer);

/** The consumer's strict flags, in every setup. */
const STRICT = { strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, skipLibCheck: false, noEmit: true };
/**
 * The consumer setups tsc checks. A setup without DOM is a Node program (@types/node); one with DOM is a
 * browser program (no @types/node). The client needs fetch's types (Request, Response) from one of them.
 */
const SETUPS = [
  {
    id: 'NodeNext, ES2022 + @types/node',
    file: 'consumer.ts',
    options: { module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022'], types: ['node'] },
  },
  {
    id: 'NodeNext, ES2022 + DOM',
    file: 'consumer.ts',
    options: { module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], types: [] },
  },
  {
    id: 'Bundler, ES2022 + @types/node',
    file: 'consumer.ts',
    options: { module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022'], types: ['node'] },
  },
  {
    id: 'Bundler, ES2022 + DOM',
    file: 'consumer.ts',
    options: { module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'], types: [] },
  },
  {
    id: 'NodeNext, CommonJS file (.cts)',
    file: 'consumer.cts',
    options: { module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022'], types: ['node'] },
  },
];

// Every entry of the sdk, typed: a wrong type anywhere in its declarations, or an entry that resolves to
// nothing (an `any`), fails the check (the @ts-expect-error lines need real types to be errors).
const CONSUMER_SOURCE = `import { createApiClient, formatWon, isApiError, type Schemas } from '@creator-market/sdk';
import { createServerClock } from '@creator-market/sdk/client';
import { createMockControl, isMockControlError, type MockControl, type StickyRule } from '@creator-market/sdk/control';
import { marketState } from '@creator-market/sdk/domain';
import { priceDisplay } from '@creator-market/sdk/domain/pricing';
import type { paths } from '@creator-market/sdk/generated/api';
import type { paths as AdPaths } from '@creator-market/sdk/generated/ads';
import type { paths as ControlPaths } from '@creator-market/sdk/generated/control';

const mock: MockControl = createMockControl({ baseUrl: 'http://127.0.0.1:4010', world: 'consumer' });
const api = createApiClient({ baseUrl: mock.baseUrl, clock: createServerClock() });

export async function check(): Promise<string> {
  const { token } = await mock.login('buyer');
  // @ts-expect-error a persona is one of the contract's ids
  await mock.login('admin');
  const rule: StickyRule = await mock.scenarios.force('out-of-stock', { path: '/cart/add/common', times: 1 });
  const count: number = await mock.journal.count({ operationId: 'insertReceipt' });
  // @ts-expect-error the journal's filter is the contract's
  await mock.journal.count({ operation: 'insertReceipt' });
  const me = await api.get('/user/me');
  const user: Schemas['Me']['user'] = me.user;
  const capacity: number = (await mock.call('listWorlds')).capacity;
  // @ts-expect-error an operation with a path parameter needs its init
  await mock.call('openMarket');
  const first = (await mock.journal.list()).requests[0];
  const firstPath: string | undefined = first?.path;
  const paths: [keyof paths, keyof AdPaths, keyof ControlPaths] = ['/user/me', '/request', '/login'];
  try {
    await mock.clock.advance(60_000);
  } catch (error) {
    if (isMockControlError(error)) return \`\${error.status} \${error.code}\`;
    if (isApiError(error)) return error.code;
  }
  return [token, rule.id, count, capacity, user.uid, firstPath, paths.join(), formatWon(1000), priceDisplay(1, 2), typeof marketState].join(' ');
}
`;

// The mock server's Playwright fixture, typed: its fixtures and options as a test sees them.
const FIXTURE_SOURCE = `import { expect, test, worldNameFor, type MockControl } from '@creator-market/mock-server/playwright';

test.use({ baseURL: 'http://127.0.0.1:5173/', apiBase: 'http://127.0.0.1:4010', door: 'server' });
// @ts-expect-error the door is 'server' or 'static'
test.use({ door: 'cloud' });

test('a world of its own', async ({ page, world, mock, api, signIn }) => {
  const control: MockControl = mock;
  const token: string = await signIn('buyer');
  // @ts-expect-error a persona is one of the contract's ids
  await signIn('admin');
  const market = await api.get<{ market: { title: string } }>('/common/market/get/mallang_studio/4', { token });
  await page.goto('m/mallang_studio/4');
  expect(world).toBe(control.world);
  expect(market.market.title).toBe('겨울 스티커 마켓');
  expect(worldNameFor({ title: 't', workerIndex: 0, retry: 0, repeatEachIndex: 0 })).toMatch(/^pw-t-w0r0-/);
});
`;

// The fixture module at run time: it loads outside the test runner and names a world as a test would.
const FIXTURE_IMPORT = `
const { test, expect, worldNameFor } = await import('@creator-market/mock-server/playwright');
if (typeof test.extend !== 'function' || typeof expect !== 'function') throw new Error('no test/expect');
const name = worldNameFor({ title: '겨울 스티커 마켓 (market 4)', workerIndex: 1, retry: 2, repeatEachIndex: 0 });
if (!/^pw-market-4-w1r2-[a-z0-9]+$/.test(name) || name.length > 64) throw new Error('world name ' + name);
console.log(name);
`;

// Every entry of the package.json's exports, at run time (a `./domain/*` pattern by one of its modules).
const NODE_IMPORTS = `
const entries = {
  '@creator-market/sdk': 'createApiClient',
  '@creator-market/sdk/client': 'createApiClient',
  '@creator-market/sdk/control': 'createMockControl',
  '@creator-market/sdk/domain': 'formatWon',
  '@creator-market/sdk/domain/pricing': 'formatWon',
  '@creator-market/sdk/generated/api': null,
  '@creator-market/sdk/generated/ads': null,
  '@creator-market/sdk/generated/control': null,
};
for (const [entry, name] of Object.entries(entries)) {
  const module = await import(entry);
  if (name && typeof module[name] !== 'function') throw new Error(entry + ' has no ' + name);
}
const { formatWon } = await import('@creator-market/sdk');
const { createMockControl } = await import('@creator-market/sdk/control');
if (createMockControl({ baseUrl: 'http://127.0.0.1:1/__mock' }).forWorld('w').controlUrl !== 'http://127.0.0.1:1/__mock') throw new Error('controlUrl');
console.log(Object.keys(entries).length + ' entries; ' + formatWon(12000));
`;

// The installed control client against the installed mock server's bin.
const AGAINST_SERVER = `
import { createMockControl } from '@creator-market/sdk/control';
const mock = createMockControl({ baseUrl: process.argv[1], world: 'packages-check' });
const { token } = await mock.login('buyer');
const before = await mock.clock.get();
const after = await mock.clock.advance(3_600_000);
if (after.offsetMs - before.offsetMs !== 3_600_000) throw new Error('the clock did not move');
const me = await fetch(mock.baseUrl + '/user/me', { headers: { ...mock.headers(), Authorization: 'Bearer ' + token } });
if (me.status !== 200) throw new Error('GET /user/me answered ' + me.status);
console.log('signed in, clock moved 1 h, GET /user/me 200');
`;

/** @typedef {{ check: string, ok: boolean, ms: number, detail: string }} Row */
/** @type {Row[]} */
const rows = [];

/** Runs `work` as one row of the table: it passes unless it throws. */
async function row(check, work) {
  const started = performance.now();
  try {
    const detail = await work();
    rows.push({
      check,
      ok: true,
      ms: performance.now() - started,
      detail:
        String(detail ?? '')
          .trim()
          .split('\n')
          .at(-1) ?? '',
    });
  } catch (error) {
    const output = [error.stdout, error.stderr, error.message].filter(Boolean).join('\n').trim();
    rows.push({ check, ok: false, ms: performance.now() - started, detail: output.split('\n').slice(0, 12).join('\n') });
  }
}

/** `command args` in `cwd`; resolves with its stdout, rejects with its output. */
async function sh(cwd, command, args, env = {}) {
  const { stdout } = await run(command, args, { cwd, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
  return stdout;
}

const workspaceManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const mockManifest = JSON.parse(readFileSync(join(root, 'mock-server', 'package.json'), 'utf8'));

try {
  // 1. The tarballs: the sdk (its prepack builds dist/) and the mock server (its bundle and dist/package first).
  await Promise.all([
    row('pack: @creator-market/sdk (builds dist/)', () => packSdk(tarballs)),
    row('pack: @creator-market/mock-server (bundle + dist/package)', () => packMockServer(tarballs)),
  ]);
  const packed = packedTarballs(tarballs);

  // 2. The consumer project: both tarballs, TypeScript and Node's types, installed as an outside project would.
  writeFileSync(
    join(consumer, 'package.json'),
    JSON.stringify(
      {
        name: 'packages-check-consumer',
        private: true,
        type: 'module',
        dependencies: {
          '@creator-market/sdk': `file:${packed.sdk}`,
          '@creator-market/mock-server': `file:${packed.mockServer}`,
          typescript: workspaceManifest.devDependencies.typescript,
          '@types/node': workspaceManifest.devDependencies['@types/node'],
          '@playwright/test': mockManifest.devDependencies['@playwright/test'],
        },
      },
      null,
      2,
    ),
  );
  writeFileSync(join(consumer, 'consumer.ts'), CONSUMER_SOURCE);
  writeFileSync(join(consumer, 'consumer.cts'), CONSUMER_SOURCE);
  writeFileSync(join(consumer, 'fixture.spec.ts'), FIXTURE_SOURCE);
  await row('install: both tarballs in a project outside the workspace', () =>
    sh(consumer, 'pnpm', ['install', '--ignore-workspace', '--prefer-offline', '--no-frozen-lockfile', '--reporter=silent']),
  );

  // 3. The checks.
  await row('node: import() of every sdk entry (ESM, no loader)', () =>
    sh(consumer, process.execPath, ['--input-type=module', '-e', NODE_IMPORTS]),
  );
  await row('node: require() of the sdk (CommonJS; Node >= 20.19 loads ES modules)', () =>
    sh(consumer, process.execPath, ['-e', "console.log(typeof require('@creator-market/sdk/control').createMockControl)"]),
  );
  await row('node: import() of @creator-market/mock-server/playwright (the bundle, with Playwright Test and the sdk installed)', () =>
    sh(consumer, process.execPath, ['--input-type=module', '-e', FIXTURE_IMPORT]),
  );
  const tsc = join(consumer, 'node_modules/typescript/bin/tsc');
  const fixtureSetup = {
    id: 'the Playwright fixture (@creator-market/mock-server/playwright), NodeNext + @types/node',
    file: 'fixture.spec.ts',
    options: { module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], types: ['node'] },
  };
  const queue = [...SETUPS, fixtureSetup].map((setup, i) => async () => {
    const config = `tsconfig.${i}.json`;
    writeFileSync(
      join(consumer, config),
      JSON.stringify({ compilerOptions: { target: 'ES2022', ...setup.options, ...STRICT }, files: [setup.file] }, null, 2),
    );
    await row(`tsc: ${setup.id}; strict, exactOptionalPropertyTypes, noUncheckedIndexedAccess, skipLibCheck false`, () =>
      sh(consumer, process.execPath, [tsc, '-p', config]),
    );
  });
  // Two at a time (the CI machine has two cores).
  await Promise.all(
    [0, 1].map(async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await next();
    }),
  );
  await row('mock-server: the installed bin starts; the installed control client drives it', () => againstInstalledServer());
} finally {
  printTable();
  if (keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
process.exitCode = rows.every((r) => r.ok) ? 0 : 1;

/** Starts node_modules/.bin/creator-market-mock on a free port, runs AGAINST_SERVER, stops it. */
async function againstInstalledServer() {
  const bin = join(consumer, 'node_modules/@creator-market/mock-server/bin/mock.mjs');
  // The bin as npx would run it: through the link pnpm made in node_modules/.bin.
  const linked = join(consumer, 'node_modules/.bin/creator-market-mock');
  const child = spawn(linked, ['--port', '0', '--scale', '0.2'], { cwd: consumer, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  try {
    const baseUrl = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${output}`)), 60_000);
      const onData = (chunk) => {
        output += chunk.toString();
        const api = /API\s+(http:\/\/\S+?)\/?\s/.exec(output);
        if (api) {
          clearTimeout(timer);
          resolve(api[1]);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`${bin} exited (${code}) before listening:\n${output}`)));
    });
    return await sh(consumer, process.execPath, ['--input-type=module', '-e', AGAINST_SERVER, String(baseUrl)]);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

function printTable() {
  const width = Math.max(...rows.map((r) => r.check.length));
  console.log(`\n${'check'.padEnd(width)}  result  time`);
  for (const r of rows) {
    console.log(
      `${r.check.padEnd(width)}  ${r.ok ? 'pass' : 'FAIL'}    ${(r.ms / 1000).toFixed(1)} s${r.ok && r.detail ? `  (${r.detail.slice(0, 80)})` : ''}`,
    );
    if (!r.ok) console.log(r.detail.replace(/^/gm, '    '));
  }
}
