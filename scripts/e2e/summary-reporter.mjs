// A Playwright reporter writing artifacts/e2e.json (`pnpm test` puts its `summary` in its table: "13/13
// journeys passed in 118.2 s (server 11/11, static 2/2), 178 screenshots in artifacts/screenshots/") and
// printing one line per journey with its project and time, as the journeys' own runner did.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_PATH } from '../lib/chromium.mjs';

/** A Playwright Test reporter (import('@playwright/test/reporter').Reporter). */
export default class SummaryReporter {
  /** @param {{output: string}} options */
  constructor({ output }) {
    this.output = output;
    /** @type {any[]} */
    this.results = [];
    // Made before the global setup runs: the time includes the stack's start and builds.
    this.started = Date.now();
  }

  /**
   * @param {import('@playwright/test/reporter').TestCase} test
   * @param {import('@playwright/test/reporter').TestResult} result
   */
  onTestEnd(test, result) {
    const annotations = [...test.annotations, ...(result.annotations ?? [])];
    const of = (type) => annotations.filter((a) => a.type === type).map((a) => a.description ?? '');
    const project = test.parent.project()?.name ?? '';
    this.results.push({
      name: path.basename(test.location.file).replace(/\.spec\.m?[jt]s$/, ''),
      project,
      title: test.title.replace(/\s*@static\b/, ''),
      // A skipped journey tested nothing: it is not a pass (and fails the run, below).
      ok: result.status === 'passed',
      status: result.status,
      seconds: Number((result.duration / 1000).toFixed(1)),
      error: result.error
        ? String(result.error.message ?? result.error.value ?? '')
            .split('\n')
            .slice(0, 6)
            .join('\n')
        : null,
      notes: of('note'),
      screenshots: Number(of('screenshots')[0] ?? 0),
      attachments: result.attachments.filter((a) => a.path).map((a) => path.relative(process.cwd(), a.path)),
    });
  }

  /** @param {import('@playwright/test/reporter').FullResult} full */
  onEnd(full) {
    const total = Number(((Date.now() - this.started) / 1000).toFixed(1));
    const results = this.results;
    const passed = results.filter((r) => r.ok).length;
    const byProject = [...new Set(results.map((r) => r.project))].map((project) => {
      const mine = results.filter((r) => r.project === project);
      return `${project} ${mine.filter((r) => r.ok).length}/${mine.length}`;
    });
    const shots = results.reduce((sum, r) => sum + r.screenshots, 0);
    const summary =
      full.status === 'interrupted' || (full.status === 'failed' && results.length === 0)
        ? `did not run: ${full.status}`
        : `${passed}/${results.length} journeys passed in ${total} s (${byProject.join(', ')}), ${shots} screenshots in artifacts/screenshots/`;

    if (results.length) {
      const width = Math.max(...results.map((r) => r.name.length), 'journey'.length);
      console.log('\n━━ Browser journeys (chromium, 390x844, ko-KR, Asia/Seoul)');
      console.log(`${'journey'.padEnd(width)}  project  result  seconds`);
      const label = (r) => (r.ok ? 'PASS  ' : r.status === 'skipped' ? 'SKIP  ' : 'FAIL  ');
      // A file of several tests names each one after its journey.
      const tests = (r) => results.filter((x) => x.name === r.name && x.project === r.project).length;
      for (const r of results)
        console.log(
          `${r.name.padEnd(width)}  ${r.project.padEnd(7)}  ${label(r)}  ${r.seconds.toFixed(1).padStart(7)}${tests(r) > 1 ? `  ${r.title}` : ''}`,
        );
      for (const r of results.filter((x) => !x.ok && x.error)) console.log(`\n${r.name} (${r.project}): ${r.error}`);
    }
    const skipped = results.filter((r) => r.status === 'skipped').length;
    console.log(`\n${summary}${skipped ? `; ${skipped} did not run (a skipped journey fails the run)` : ''}`);
    mkdirSync(path.dirname(this.output), { recursive: true });
    writeFileSync(
      this.output,
      JSON.stringify({ summary, seconds: total, status: full.status, browser: CHROMIUM_PATH, journeys: results }, null, 2),
    );
    if (skipped && full.status === 'passed') return { status: 'failed' };
  }

  printsToStdio() {
    return false;
  }
}
