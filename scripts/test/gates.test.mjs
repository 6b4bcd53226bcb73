// @ts-check
// The gates of `pnpm test` cannot pass without testing anything: every workspace package has the scripts
// the gates run, every package filter fails when it matches nothing, and a filter that selects no step fails.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { REPO_ROOT } from '../bench/processes.mjs';

const read = (/** @type {string} */ file) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** The package folders pnpm-workspace.yaml lists under `packages:` (up to the next top-level key). */
const packagesSection = /^packages:\n((?:[ \t]+.*\n?)*)/m.exec(read('pnpm-workspace.yaml'))?.[1] ?? '';
const packages = [...packagesSection.matchAll(/^\s+-\s+(\S+)\s*$/gm)].map((match) => match[1]);

void test('pnpm-workspace.yaml lists the six packages', () => {
  assert.deepEqual(packages.sort(), ['app', 'fixtures', 'mock-server', 'openapi', 'scripts', 'sdk']);
});

for (const dir of packages) {
  void test(`${dir} has a test and a typecheck script`, () => {
    const { scripts = {} } = JSON.parse(read(`${dir}/package.json`));
    assert.equal(typeof scripts.test, 'string', `${dir}/package.json has no test script`);
    assert.equal(typeof scripts.typecheck, 'string', `${dir}/package.json has no typecheck script`);
  });
}

void test('every pnpm --filter of the gates fails when it matches no package', () => {
  const sources = { 'scripts/test-all.mjs': read('scripts/test-all.mjs'), 'package.json': read('package.json') };
  for (const [file, text] of Object.entries(sources)) {
    const filters = [...text.matchAll(/pnpm [^'"\n]*--filter/g)].map((match) => match[0]);
    assert.ok(filters.length > 0, `${file} runs no pnpm --filter`);
    for (const filter of filters) assert.match(filter, /--fail-if-no-match/, `${file}: '${filter}' passes when it matches nothing`);
  }
});

void test('node scripts/test-all.mjs with a filter that selects no step exits non-zero', () => {
  const run = spawnSync(process.execPath, ['scripts/test-all.mjs', 'no-step-is-called-this'], { cwd: REPO_ROOT, encoding: 'utf8' });
  assert.notEqual(run.status, 0);
  assert.match(run.stderr, /No step matches/);
});

void test('pnpm e2e lists every journey file in the server project, the 3 tagged @static in the static one', () => {
  const config = 'scripts/e2e/playwright.config.mjs';
  const listed = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.mjs', '--list', '--reporter=json'], {
    cwd: path.join(REPO_ROOT, 'scripts'),
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  assert.equal(listed.status, 0, listed.stderr);
  /** @type {{title: string, specs: any[], suites?: any[]}[]} */
  const suites = JSON.parse(listed.stdout).suites;
  const specs = [];
  const walk = (/** @type {any} */ suite) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests) specs.push({ file: spec.file, project: t.projectName });
    for (const child of suite.suites ?? []) walk(child);
  };
  suites.forEach(walk);
  const of = (project) =>
    specs
      .filter((s) => s.project === project)
      .map((s) => path.basename(s.file, '.spec.mjs'))
      .sort();
  const files = readdirSync(path.join(REPO_ROOT, 'scripts/e2e/journeys'))
    .filter((name) => name.endsWith('.spec.mjs'))
    .map((name) => name.replace(/\.spec\.mjs$/, ''))
    .sort();
  assert.ok(files.length >= 14, `only ${files.length} journey files`);
  assert.deepEqual([...new Set(of('server'))], files);
  // record-replay is four tests run in order (record, check, replay, HAR import).
  assert.equal(of('server').filter((name) => name === 'record-replay').length, 4);
  assert.deepEqual(of('static'), ['errors', 'guest-to-paid', 'kept-world']);
  // The step of `pnpm test` reads the summary this config's reporter writes.
  assert.match(read(config), /summary-reporter\.mjs', \{ output: `\$\{ARTIFACTS\}e2e\.json` \}/);
  assert.match(read('scripts/test-all.mjs'), /report: 'artifacts\/e2e\.json'/);
});
