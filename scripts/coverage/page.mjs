// @ts-check
// The coverage matrix as one self-contained HTML page (artifacts/api-coverage.html): no script, no font, no
// request leaves the machine (screenshots are linked by their file path). One table per operation: each
// declared answer, and which suites, tests and screens produced it.
import path from 'node:path';

const escape = (/** @type {string | number} */ text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * @param {ReturnType<typeof import('./coverage.mjs').buildMatrix>} matrix
 * @param {ReturnType<typeof import('./coverage.mjs').totalsOf>} totals
 * @param {{outDir: string, generatedAt: string}} options screenshot links are relative to outDir
 */
export function coveragePage(matrix, totals, { outDir, generatedAt }) {
  const link = (/** @type {string} */ file) => {
    const relative = path.relative(outDir, file).split(path.sep).map(encodeURIComponent).join('/');
    return `<a href="${escape(relative)}">${escape(path.basename(file))}</a>`;
  };
  /** @type {Map<string, typeof matrix.answers>} */
  const byOperation = new Map();
  for (const answer of matrix.answers) byOperation.set(answer.operationId, [...(byOperation.get(answer.operationId) ?? []), answer]);
  const sections = [...byOperation].map(([operationId, answers]) => {
    const covered = answers.filter((a) => a.covered).length;
    const rows = answers.map((answer) => {
      const tests = answer.producers
        .map((p) => {
          const forced = p.forced.length ? ` <span class="forced">forced: ${escape(p.forced.join(', '))}</span>` : '';
          const shots = p.screenshots.length ? ` ${p.screenshots.map(link).join(' ')}` : '';
          return `<li><b>${escape(p.suite)}</b> ${escape(p.source === p.test ? p.test : `${p.source}: ${p.test}`)} ×${p.count}${forced}${shots}</li>`;
        })
        .join('');
      return `<tr class="${answer.covered ? 'yes' : 'no'}"><td><code>${escape(answer.answer)}</code></td><td>${escape(answer.suites.join(', ') || '—')}</td><td>${escape(answer.screens.join(', ') || '—')}</td><td>${tests ? `<details><summary>${answer.producers.length} test(s)</summary><ul>${tests}</ul></details>` : 'no test produces it'}</td></tr>`;
    });
    const { method, path: route, document } = answers[0];
    return `<section id="${escape(operationId)}"><h2>${escape(operationId)} <small>${escape(method.toUpperCase())} ${escape(route)} (${escape(document)}) — ${covered}/${answers.length}</small></h2><table><thead><tr><th>answer</th><th>suites</th><th>screens</th><th>tests</th></tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
  });
  const totalRows = totals
    .map((t) => `<tr><td>${escape(t.suite)}</td><td>${t.declared}</td><td>${t.covered}</td><td>${t.uncovered}</td></tr>`)
    .join('');
  const undeclared = matrix.undeclared.length
    ? `<section><h2>Answers the contract does not declare</h2><ul>${matrix.undeclared
        .map((u) => `<li><code>${escape(u.key)}</code>: ${escape(u.producers.map((p) => `${p.suite} ${p.test}`).join('; '))}</li>`)
        .join('')}</ul></section>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>API coverage</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:1.5rem;color:#1a1a1a}
table{border-collapse:collapse;margin:.3rem 0 1.2rem;width:100%}
th,td{border:1px solid #ccc;padding:.25rem .45rem;text-align:left;vertical-align:top}
tr.no td:first-child{background:#fde2e2}tr.yes td:first-child{background:#dff3e0}
h2{font-size:1.05rem;margin:1.2rem 0 .2rem}small{font-weight:normal;color:#555}
.forced{color:#7a4d00}ul{margin:.2rem 0;padding-left:1.2rem}
</style></head><body>
<h1>API coverage</h1>
<p>Every answer the contract declares (operation × status × error code, plus the faults the mock can force), and which suites, tests and app screens produced it. Made by <code>pnpm coverage:api</code> at ${escape(generatedAt)}; see docs/api-coverage.md.</p>
<table style="width:auto"><thead><tr><th>suite</th><th>declared</th><th>covered</th><th>uncovered</th></tr></thead><tbody>${totalRows}</tbody></table>
${undeclared}
${sections.join('\n')}
</body></html>
`;
}
