// The app's component tests force errors through the mock as QA does (setupMockControl, ./mockControl.ts), so
// every error answer is the mock's catalogue answer for the operation: no test file or test helper writes
// one itself. This scans them for what a hand-written one looks like: a Response (msw's HttpResponse or
// fetch's) made with a status that is not a literal below 400, or whose arguments name an error code of the
// catalogue; a transport failure made by hand (HttpResponse.error(), Response.error()); an ApiError built in
// place of the one the app's client makes. A handler for the app's own origin (`window.location.origin`: its
// chunks and assets, which no door of the mock serves) may answer by hand.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@creator-market/sdk/domain';
import { describe, expect, test } from 'vitest';

// A path, not a URL object: the jsdom environment's URL is not the one node:fs takes.
const THIS_FILE = fileURLToPath(import.meta.url);
const SRC = path.join(path.dirname(THIS_FILE), '..');

export interface Finding {
  file: string;
  line: number;
  what: string;
}

/** Every code an error answer's `data` (or the ad service's `code`) can carry, and the transport ones. */
const ERROR_CODE_NAMES: ReadonlySet<string> = new Set([...ERROR_CODES, 'network-error', 'timeout', 'unknown-scenario']);

const RESPONSE = /\b(?:HttpResponse\.(?:json|text|xml|html|arrayBuffer|formData)|new\s+(?:HttpResponse|Response))\s*\(/g;
const HAND_FAULT = /\b(?:HttpResponse|Response)\.error\s*\(/g;
const API_ERROR = /\bnew\s+ApiError\s*\(/g;
const STATUS = /\bstatus\b\s*(?::\s*([^,}\s)]+))?/g;
const STRING = /'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`\\$]*)`/g;

/** Where the string literal opening at `start` closes (a quote's string ends at its line's end at the latest). */
function stringEnd(source: string, start: number): number {
  const quote = source[start];
  let end = start + 1;
  while (end < source.length && source[end] !== quote && (quote === '`' || source[end] !== '\n')) end += source[end] === '\\' ? 2 : 1;
  return end;
}

/** `source` with its comments blanked (line breaks kept), strings and template literals left as they are. */
function withoutComments(source: string): string {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    const next = source[i + 1];
    if (char === "'" || char === '"' || char === '`') {
      const end = stringEnd(source, i);
      out += source.slice(i, end + 1);
      i = end + 1;
    } else if (char === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i += 1;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += source.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else {
      out += char;
      i += 1;
    }
  }
  return out;
}

/** The text between the `(` at `open` and its matching `)` (strings skipped). */
function argumentsFrom(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i += 1) {
    const char = source[i]!;
    if (char === "'" || char === '"' || char === '`') {
      i = stringEnd(source, i);
    } else if (char === '(') depth += 1;
    else if (char === ')' && --depth === 0) return source.slice(open + 1, i);
  }
  return source.slice(open + 1);
}

/** Why the Response made with `args` is an error answer written by hand, or null. */
function handWrittenAnswer(args: string): string | null {
  for (const [, value] of args.matchAll(STATUS)) {
    if (value === undefined || !/^\d+$/.test(value)) return `a status that is not a literal (${value ?? 'status'})`;
    if (Number(value) >= 400) return `status ${value}`;
  }
  for (const match of args.matchAll(STRING)) {
    const text = match[1] ?? match[2] ?? match[3] ?? '';
    if (ERROR_CODE_NAMES.has(text)) return `the error code '${text}'`;
  }
  return null;
}

/** The hand-written error answers of one file's source. */
export function handWrittenErrors(source: string, file = 'source'): Finding[] {
  const code = withoutComments(source);
  const lines = code.split('\n');
  const lineOf = (index: number) => code.slice(0, index).split('\n').length;
  const ownOrigin = (line: number) => /window\.location\.origin/.test(`${lines[line - 2] ?? ''}\n${lines[line - 1] ?? ''}`);
  const findings: Finding[] = [];
  const report = (index: number, what: string) => {
    const line = lineOf(index);
    if (!ownOrigin(line)) findings.push({ file, line, what });
  };
  for (const match of code.matchAll(HAND_FAULT)) report(match.index, `${match[0]}): a transport failure made by hand`);
  for (const match of code.matchAll(API_ERROR)) report(match.index, 'new ApiError(...): an error built in place of the client’s');
  for (const match of code.matchAll(RESPONSE)) {
    const why = handWrittenAnswer(argumentsFrom(code, match.index + match[0].length - 1));
    if (why) report(match.index, `${match[0]}...): an error answer with ${why}`);
  }
  return findings.sort((a, b) => a.line - b.line);
}

/** Test files, and the helpers tests use: under testing/ (or the browser mock's mocks/), or importing a test-only package. */
function testSources(): { file: string; source: string }[] {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
  return files.flatMap((file) => {
    const full = path.join(SRC, file);
    if (full === THIS_FILE) return [];
    const source = readFileSync(full, 'utf8');
    const helper =
      /\.test\.tsx?$/.test(file) ||
      /(^|[\\/])(testing|mocks)[\\/]/.test(file) ||
      /from '(vitest|msw|msw\/node|@testing-library\/[\w-]+)'/.test(source);
    return helper ? [{ file: file.split(path.sep).join('/'), source }] : [];
  });
}

/**
 * Files that play a server which is not the mock, where no mock answer could stand in: each with why. The
 * test below fails when such a file no longer needs its place here.
 */
const NOT_THE_MOCK: Readonly<Record<string, string>> = {
  'api/mockControl.test.ts': 'hosts without the control plane (no server, a 404, a 405): the Lab must say it cannot be used',
};

describe('no hand-written error answers in the app’s tests', () => {
  test('no test file or test helper writes an error answer itself (force it through the mock: setupMockControl)', () => {
    const sources = testSources();
    expect(sources.length).toBeGreaterThan(60);
    const findings = sources.flatMap(({ file, source }) => handWrittenErrors(source, file));
    expect(findings.filter(({ file }) => !(file in NOT_THE_MOCK)).map(({ file, line, what }) => `${file}:${line} ${what}`)).toEqual([]);
    for (const file of Object.keys(NOT_THE_MOCK))
      expect(
        findings.some((finding) => finding.file === file),
        file,
      ).toBe(true);
  });

  test.each([
    ['a body with a status', 'server.use(http.post(`${API_BASE}/x`, () => HttpResponse.json({ data: code, message: code }, { status })));'],
    ['a catalogue body', "http.get(URL, () => HttpResponse.json({ data: 'internal', message: 'x' }, { status: 500 }))"],
    ['an error code without a status', "() => HttpResponse.json({ data: 'out-of-stock' })"],
    ['a list error', "() => HttpResponse.json({ data: { code: 'failed', list: [] } }, { status: 400 })"],
    ['a failed request', 'server.use(http.get(`${API_BASE}/common/*`, () => HttpResponse.error()));'],
    ['an ad service error', "() => HttpResponse.json({ code: 'internal', msg: '오류' }, { status: 500 })"],
    ['a fetch Response', "new Response(JSON.stringify({ data: 'limit-cart' }), {\n  status: 400,\n})"],
    ['an empty 404', 'http.head(ASSET, () => new HttpResponse(null, { status: 404 }))'],
    ['an ApiError', "presentError(new ApiError({ status: 420, code: 'server-notice', message: '', method: 'GET', url }))"],
  ])('finds %s', (_name, source) => {
    expect(handWrittenErrors(source)).toHaveLength(1);
  });

  test.each([
    ['a success body', '() => HttpResponse.json({ data: false })'],
    ['a success with a status', 'new HttpResponse(null, { status: 204 })'],
    ['a body holding a small number', 'HttpResponse.json({ data: { status: 3 } })'],
    ['the ad service’s no-ad answer', "HttpResponse.json({ code: 204, msg: '노출할 광고가 없어요.', result: null })"],
    ['the app’s own origin', 'server.use(http.head(`${window.location.origin}/assets/*`, () => HttpResponse.error()));'],
    ['a forced scenario', "await mock.scenarios.force('http-500', { operationId: 'addSubscription', times: 1 });"],
    ['a comment', '// HttpResponse.json({ data: "internal" }, { status: 500 })\nconst a = 1;'],
  ])('lets %s be', (_name, source) => {
    expect(handWrittenErrors(source)).toEqual([]);
  });
});
