// The API journal files a test suite leaves for `pnpm coverage:api` (docs/api-coverage.md): what each test
// made the mock answer, read from the mock's request journal. One file per test file, Playwright test or
// browser world, at `<CM_API_JOURNAL_DIR>/<suite>/<file name>.json`; the suite writes it (the writers need a
// file system, this module does not). The one shape of that file: the app's component tests, the Playwright
// fixture (`@creator-market/mock-server/playwright`), the a11y run and the conformance kit all write it.
import type { components } from '../generated/control.js';

type JournalEntry = components['schemas']['JournalEntry'];

/** The environment variable naming the folder the suites write their journals to; unset, none is written. */
export const API_JOURNAL_DIR_ENV = 'CM_API_JOURNAL_DIR';

/** One answer a test made the mock give: the operation, what it answered, what was forced, the app's screen. */
export interface ApiJournalRequest {
  operationId: string;
  method: string;
  path: string;
  /** 0 when the client got no whole HTTP answer (a transport fault). */
  status: number;
  errorCode: string | null;
  /** The scenario forced on it (X-Mock-Scenario or a sticky rule), or null. */
  scenario: string | null;
  fault: string | null;
  /** The app's screen (route name) when it sent the request; null when the app did not send it (a test's own call). */
  screen: string | null;
  /** When it arrived (ISO, wall clock). */
  receivedAt: string;
}

/** A screenshot a test took (a journey's), with when it was taken. */
export interface ApiJournalScreenshot {
  path: string;
  takenAt: string;
}

export interface ApiJournalTest {
  /** The test's name as its runner says it (`file > describe > test`). */
  test: string;
  requests: ApiJournalRequest[];
  screenshots?: ApiJournalScreenshot[];
}

export interface ApiJournalFile {
  version: 1;
  /** The suite: `app`, `e2e`, `a11y`, `conformance`, or an outside suite's own name. */
  suite: string;
  /** What the file covers: a test file, a Playwright test, a browser world. */
  source: string;
  tests: ApiJournalTest[];
}

/**
 * The catalogue code an error body carries: the product API's `data` (a string, or `{code, list}`) or the ad
 * service's `code`; null for any other body. The mock's journal records it from each error answer, and
 * `pnpm coverage:api` reads the codes of the contract's examples with it.
 */
export function errorCodeOfBody(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const { data, code } = body as { data?: unknown; code?: unknown };
  if (typeof data === 'string') return data;
  if (typeof data === 'object' && data !== null) {
    const inner = (data as { code?: unknown }).code;
    return typeof inner === 'string' ? inner : null;
  }
  return typeof code === 'string' ? code : null;
}

/** The fields of a journal entry (or of the mock's raw record, with `receivedAt` made) that the file keeps. */
export type JournalAnswer = Pick<
  JournalEntry,
  'operationId' | 'method' | 'path' | 'status' | 'errorCode' | 'scenario' | 'fault' | 'screen' | 'receivedAt'
>;

/** The request as the file keeps it; null for a request no operation answered (a page, an unknown path). */
export function journalRequestOf(entry: JournalAnswer): ApiJournalRequest | null {
  if (entry.operationId === null) return null;
  const { operationId, method, path, status, errorCode, scenario, fault, screen, receivedAt } = entry;
  return { operationId, method, path, status, errorCode, scenario, fault, screen, receivedAt };
}

/** The file's name for a source (a test file's path, a test's title): `[a-z0-9.-]`, at most 120 characters, `.json`. */
export function journalFileName(source: string): string {
  const slug = source
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 120);
  return `${slug || 'journal'}.json`;
}

/** The file's content for `tests` of one source (tests that made no request are left out). */
export function apiJournalFile(suite: string, source: string, tests: readonly ApiJournalTest[]): ApiJournalFile {
  return { version: 1, suite, source, tests: tests.filter((test) => test.requests.length > 0 || test.screenshots?.length) };
}
