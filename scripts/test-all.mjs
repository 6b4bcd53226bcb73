#!/usr/bin/env node
// `pnpm test`: every check of the project, one after another (the CI machine has 2 cores), ending with a
// summary table. Exits non-zero when any step fails; later steps still run so one run shows everything.
import { spawn } from 'node:child_process';
import { readFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';

/** Each step is one command; `report` (optional) is a JSON file the step writes with figures for the summary. */
const steps = [
  { name: 'OpenAPI lint (Redocly + second validator)', cmd: 'pnpm --filter @creator-market/openapi lint' },
  { name: 'TypeScript (every package, incl. type tests)', cmd: 'pnpm -r --workspace-concurrency=1 typecheck' },
  { name: 'openapi: contract helper tests', cmd: 'pnpm --filter @creator-market/openapi test' },
  { name: 'sdk: domain properties, client, generated', cmd: 'pnpm --filter @creator-market/sdk test' },
  { name: 'fixtures: world generator', cmd: 'pnpm --filter @creator-market/fixtures test' },
  { name: 'mock-server: contract, model-based, concurrency, control plane', cmd: 'pnpm --filter @creator-market/mock-server test' },
  { name: 'Arazzo flow (redocly respect): sign in to paid receipt', cmd: 'pnpm --filter @creator-market/openapi flow' },
  { name: 'app: component tests', cmd: 'pnpm --filter @creator-market/app test' },
  {
    name: 'budget: home route initial JS <= 110 KB gzip (size-limit)',
    cmd: 'pnpm --filter @creator-market/app build && node scripts/budgets/home-js.mjs',
    report: 'artifacts/budget-js.json',
  },
  {
    name: 'budget: Lighthouse mobile perf >= 0.95, CLS <= 0.05 (home, market, product; median of 3)',
    cmd: 'node scripts/budgets/lighthouse.mjs',
    report: 'artifacts/lighthouse.json',
  },
  { name: 'e2e: browser journeys (chromium, 390x844, ko-KR, Asia/Seoul)', cmd: 'pnpm e2e', report: 'artifacts/e2e.json' },
  {
    name: 'reliability: 60 s mixed load, bad-input fuzzer, kill -9 with --state',
    cmd: 'node scripts/reliability/run.mjs --seconds 60',
    report: 'artifacts/reliability.json',
  },
  { name: 'bench (quick smoke run; `pnpm bench` for the full one)', cmd: 'node scripts/bench.mjs --quick', report: 'artifacts/bench.json' },
];

const only = process.argv.slice(2);
const selected = only.length ? steps.filter((s) => only.some((o) => s.name.toLowerCase().includes(o.toLowerCase()))) : steps;

function run(cmd) {
  return new Promise((resolve) => {
    const child = spawn(cmd, {
      shell: true,
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', FORCE_COLOR: process.env.CI ? '0' : '1' },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const results = [];
for (const step of selected) {
  console.log(`\n━━ ${step.name}\n$ ${step.cmd}`);
  const started = Date.now();
  const code = await run(step.cmd);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let figures = '';
  if (step.report && existsSync(step.report)) {
    try {
      figures = JSON.parse(readFileSync(step.report, 'utf8')).summary ?? '';
    } catch {
      figures = '(unreadable report)';
    }
  }
  results.push({ name: step.name, ok: code === 0, seconds, figures });
}

const width = Math.max(...results.map((r) => r.name.length));
console.log('\n━━ Summary');
for (const r of results) {
  console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(width)}  ${r.seconds.padStart(6)} s${r.figures ? `  ${r.figures}` : ''}`);
}
mkdirSync('artifacts', { recursive: true });
writeFileSync('artifacts/test-summary.json', JSON.stringify(results, null, 2));
const failed = results.filter((r) => !r.ok).length;
console.log(failed ? `\n${failed} step(s) failed.` : '\nEvery step passed.');
process.exit(failed ? 1 : 0);
