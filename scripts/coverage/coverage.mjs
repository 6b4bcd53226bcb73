// @ts-check
// The API coverage matrix (docs/api-coverage.md): every answer the contract declares, and which suites, tests
// and screens produced it, from the API journals the suites write (@creator-market/sdk/control). Pure
// functions over parsed inputs; ./run.mjs reads the files, asks the mock for its scenarios and prints.
//
// An answer is one of an operation's:
//   `200`, `302`...           a declared status below 400;
//   `400 out-of-stock`        a declared error status with a catalogue code: one the mock can answer there
//                             (its scenario catalogue lists, per operation, the codes whose body validates
//                             against the declared response), or one an example of that response carries;
//   `413`                     a declared error status no catalogue code fits (any code at that status counts);
//   `fault network-error`     a transport fault the control plane can force (each of them, on every operation);
//   `slow`                    `slow:MS`, the operation's own answer late.
// An answer is covered when a journal holds a request that got it, forced by a scenario or not.

/** @typedef {{operationId: string, method: string, path: string, document: string}} Operation */
/**
 * @typedef {{name: string, kind: string, status: number, code: string}} Scenario  as GET /__mock/scenarios lists it
 * @typedef {{key: string, operationId: string, method: string, path: string, document: string, answer: string,
 *   kind: 'status' | 'error' | 'fault' | 'slow'}} DeclaredAnswer
 * @typedef {import('@creator-market/sdk/control').ApiJournalFile} JournalFile
 * @typedef {import('@creator-market/sdk/control').ApiJournalRequest} JournalRequest
 * @typedef {{suite: string, source: string, test: string, count: number, forced: string[], screens: string[],
 *   screenshots: string[]}} Producer
 */

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** Follows a local $ref of `document` (a response or an example may be one). */
function resolve(/** @type {any} */ document, /** @type {any} */ node) {
  for (let hops = 0; node && typeof node.$ref === 'string' && node.$ref.startsWith('#/') && hops < 10; hops++)
    node = node.$ref
      .slice(2)
      .split('/')
      .map((/** @type {string} */ s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((/** @type {any} */ at, /** @type {string} */ key) => at?.[key], document);
  return node;
}

/**
 * The catalogue codes the examples of a declared response carry.
 * @param {any} document
 * @param {any} response
 * @param {(body: unknown) => string | null} codeOf the sdk's errorCodeOfBody
 */
function exampleCodes(document, response, codeOf) {
  const codes = [];
  for (const media of Object.values(resolve(document, response)?.content ?? {})) {
    const values = [media?.example, ...Object.values(media?.examples ?? {}).map((example) => resolve(document, example)?.value)];
    for (const value of values) {
      const code = value === undefined ? null : codeOf(value);
      if (code) codes.push(code);
    }
  }
  return codes;
}

/**
 * Every operation of the documents, in document order, with its declared statuses and the codes the examples
 * of each error status carry.
 * @param {Record<string, any>} documents document name -> parsed bundle
 * @param {(body: unknown) => string | null} [codeOf] the sdk's errorCodeOfBody (needed for the examples' codes)
 * @returns {Array<Operation & {statuses: number[], exampleCodes: Record<number, string[]>}>}
 */
export function operationsOf(documents, codeOf = () => null) {
  const operations = [];
  for (const [document, parsed] of Object.entries(documents))
    for (const [path, item] of Object.entries(parsed.paths ?? {}))
      for (const method of HTTP_METHODS) {
        const operation = item?.[method];
        if (!operation?.operationId) continue;
        const statuses = Object.keys(operation.responses ?? {})
          .filter((status) => /^[1-5]\d\d$/.test(status))
          .map(Number);
        /** @type {Record<number, string[]>} */
        const codes = {};
        for (const status of statuses.filter((s) => s >= 400)) codes[status] = exampleCodes(parsed, operation.responses[status], codeOf);
        operations.push({ operationId: operation.operationId, method, path, document, statuses, exampleCodes: codes });
      }
  return operations;
}

/** The key of an operation's answer, as the baseline names it: `insertReceipt 400 out-of-stock`. */
export const answerKey = (/** @type {string} */ operationId, /** @type {string} */ answer) => `${operationId} ${answer}`;

/**
 * Every answer the contract declares.
 * @param {Record<string, any>} documents
 * @param {Record<string, Scenario[]>} scenarios operationId -> the scenarios the control plane offers on it
 * @param {(body: unknown) => string | null} codeOf the sdk's errorCodeOfBody, for the examples' codes
 * @returns {DeclaredAnswer[]}
 */
export function declaredAnswers(documents, scenarios, codeOf) {
  /** @type {DeclaredAnswer[]} */
  const answers = [];
  for (const { statuses, exampleCodes: examples, ...operation } of operationsOf(documents, codeOf)) {
    const offered = scenarios[operation.operationId] ?? [];
    const add = (/** @type {string} */ answer, /** @type {DeclaredAnswer['kind']} */ kind) =>
      answers.push({ key: answerKey(operation.operationId, answer), ...operation, answer, kind });
    for (const status of statuses) {
      if (status < 400) {
        add(String(status), 'status');
        continue;
      }
      const offeredCodes = offered.filter((s) => s.kind === 'error' && s.status === status).map((s) => s.code);
      const codes = [...new Set([...offeredCodes, ...(examples[status] ?? [])])];
      if (codes.length === 0) add(String(status), 'error');
      for (const code of codes) add(`${status} ${code}`, 'error');
    }
    for (const scenario of offered) {
      if (scenario.kind === 'fault') add(`fault ${scenario.name}`, 'fault');
      else if (scenario.kind === 'slow') add('slow', 'slow');
    }
  }
  return answers;
}

/**
 * The answers one journal request got: its HTTP answer (or fault), and `slow` when a `slow:MS` was forced.
 * @param {JournalRequest} request
 * @param {Set<string>} declaredKeys to choose between `413 payload-too-large` and a code-less `413`
 * @returns {string[]} answer keys
 */
export function answersOf(request, declaredKeys) {
  const keys = [];
  if (request.fault) keys.push(answerKey(request.operationId, `fault ${request.fault}`));
  else if (request.status < 400) keys.push(answerKey(request.operationId, String(request.status)));
  else {
    const withCode = answerKey(request.operationId, `${request.status} ${request.errorCode ?? '(no code)'}`);
    const bare = answerKey(request.operationId, String(request.status));
    keys.push(declaredKeys.has(withCode) || !declaredKeys.has(bare) ? withCode : bare);
  }
  if (request.scenario?.startsWith('slow:')) keys.push(answerKey(request.operationId, 'slow'));
  return keys;
}

/**
 * The screenshot that shows what `request` made the screen show: the test's first one taken after the answer
 * arrived and before the app sent a request from another screen (screenshots in the order taken).
 * @param {JournalRequest} request
 * @param {JournalRequest[]} requests the test's requests, oldest first
 * @param {Array<{path: string, takenAt: string}>} screenshots
 */
export function screenshotOf(request, requests, screenshots) {
  if (!request.screen) return undefined;
  const at = Date.parse(request.receivedAt);
  const left = requests.find((r) => r.screen && r.screen !== request.screen && Date.parse(r.receivedAt) > at);
  const until = left ? Date.parse(left.receivedAt) : Infinity;
  return screenshots.find((shot) => Date.parse(shot.takenAt) >= at && Date.parse(shot.takenAt) <= until)?.path;
}

/**
 * The matrix: for each declared answer, who produced it; and the answers seen that the contract does not
 * declare (a status or code an operation does not list: the mock or the contract is wrong).
 * @param {DeclaredAnswer[]} declared
 * @param {JournalFile[]} journals
 */
export function buildMatrix(declared, journals) {
  const declaredKeys = new Set(declared.map((answer) => answer.key));
  /** @type {Map<string, Map<string, Producer>>} answer key -> `suite|source|test` -> producer */
  const producers = new Map();
  /** @type {Map<string, Map<string, Producer>>} */
  const undeclared = new Map();
  /** @type {Set<string>} */
  const suites = new Set();
  for (const file of journals) {
    suites.add(file.suite);
    for (const test of file.tests) {
      for (const request of test.requests) {
        for (const key of answersOf(request, declaredKeys)) {
          const into = declaredKeys.has(key) ? producers : undeclared;
          const byTest = into.get(key) ?? new Map();
          into.set(key, byTest);
          const id = `${file.suite}|${file.source}|${test.test}`;
          const producer = byTest.get(id) ?? {
            suite: file.suite,
            source: file.source,
            test: test.test,
            count: 0,
            forced: [],
            screens: [],
            screenshots: [],
          };
          byTest.set(id, producer);
          producer.count++;
          if (request.scenario && !producer.forced.includes(request.scenario)) producer.forced.push(request.scenario);
          if (request.screen && !producer.screens.includes(request.screen)) producer.screens.push(request.screen);
          const shot = screenshotOf(request, test.requests, test.screenshots ?? []);
          if (shot && !producer.screenshots.includes(shot)) producer.screenshots.push(shot);
        }
      }
    }
  }
  const answers = declared.map((answer) => {
    const by = [...(producers.get(answer.key)?.values() ?? [])];
    return {
      ...answer,
      covered: by.length > 0,
      suites: [...new Set(by.map((p) => p.suite))].sort(),
      screens: [...new Set(by.flatMap((p) => p.screens))].sort(),
      producers: by,
    };
  });
  const seenUndeclared = [...undeclared].map(([key, byTest]) => ({ key, producers: [...byTest.values()] }));
  return { suites: [...suites].sort(), answers, undeclared: seenUndeclared };
}

/**
 * Totals per suite and for all of them: answers declared, covered, uncovered.
 * @param {ReturnType<typeof buildMatrix>} matrix
 */
export function totalsOf(matrix) {
  const declared = matrix.answers.length;
  const row = (/** @type {string} */ suite, /** @type {number} */ covered) => ({ suite, declared, covered, uncovered: declared - covered });
  return [
    ...matrix.suites.map((suite) => row(suite, matrix.answers.filter((answer) => answer.suites.includes(suite)).length)),
    row('all suites', matrix.answers.filter((answer) => answer.covered).length),
  ];
}

/**
 * @typedef {{version: 1, suites?: string[], covered: string[], uncovered: string[]}} Baseline
 *   suites: the suites whose journals built it; covered: answers a test produces (must stay covered);
 *   uncovered: answers known to have no test yet
 */

/**
 * The baseline check: an answer the baseline lists as covered that no test produces any more, and a declared
 * answer no test produces that the baseline does not list as known-uncovered (a newly declared answer needs a
 * test or an entry). Also what improved (known-uncovered answers now covered) and what the contract no longer
 * declares: neither fails.
 * @param {ReturnType<typeof buildMatrix>} matrix
 * @param {Baseline} baseline
 */
export function checkBaseline(matrix, baseline) {
  const covered = new Set(matrix.answers.filter((a) => a.covered).map((a) => a.key));
  const declared = new Set(matrix.answers.map((a) => a.key));
  const listed = new Set([...baseline.covered, ...baseline.uncovered]);
  return {
    lost: baseline.covered.filter((key) => declared.has(key) && !covered.has(key)),
    untested: matrix.answers.filter((a) => !a.covered && !listed.has(a.key)).map((a) => a.key),
    improved: baseline.uncovered.filter((key) => covered.has(key)),
    gone: [...baseline.covered, ...baseline.uncovered].filter((key) => !declared.has(key)),
  };
}

/**
 * The baseline of a matrix: the suites it read, what is covered now and what is not.
 * @param {ReturnType<typeof buildMatrix>} matrix
 * @returns {Baseline}
 */
export function baselineOf(matrix) {
  const keys = (/** @type {boolean} */ covered) =>
    matrix.answers
      .filter((a) => a.covered === covered)
      .map((a) => a.key)
      .sort();
  return { version: 1, suites: [...matrix.suites], covered: keys(true), uncovered: keys(false) };
}

/**
 * The baseline file's text as Prettier formats it (`pnpm lint` checks the committed file; the test holds the
 * two to agreeing): a list on one line when it fits the print width, else one answer a line.
 * @param {Baseline} baseline
 */
export function baselineText(baseline) {
  const PRINT_WIDTH = 140; // .prettierrc
  const entries = Object.entries(baseline);
  const lines = entries.flatMap(([key, value], index) => {
    const comma = index < entries.length - 1 ? ',' : '';
    if (!Array.isArray(value)) return [`  ${JSON.stringify(key)}: ${JSON.stringify(value)}${comma}`];
    const one = `  ${JSON.stringify(key)}: [${value.map((item) => JSON.stringify(item)).join(', ')}]${comma}`;
    if (one.length <= PRINT_WIDTH) return [one];
    return [
      `  ${JSON.stringify(key)}: [`,
      ...value.map((item, i) => `    ${JSON.stringify(item)}${i < value.length - 1 ? ',' : ''}`),
      `  ]${comma}`,
    ];
  });
  return `{\n${lines.join('\n')}\n}\n`;
}

/**
 * The suites a run must have journals of, and the ones it lacks: a suite with no folder, or a folder with no
 * journal file (it did not run, or wrote nothing), each with why.
 * @param {string[]} expected the suites that write a journal (scripts/test-all.mjs's `journal: true` steps)
 * @param {Record<string, number>} filesBySuite journal folder -> how many journal files it holds
 * @returns {Array<{suite: string, why: string}>}
 */
export function missingSuites(expected, filesBySuite) {
  return expected
    .filter((suite) => !filesBySuite[suite])
    .map((suite) => ({ suite, why: suite in filesBySuite ? 'its journal folder holds no journal file' : 'no journal folder' }));
}
