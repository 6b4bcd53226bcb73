// What the component tests made the mock answer, for `pnpm coverage:api` (docs/api-coverage.md). Every mock
// core a test starts (./testServer.ts: testHandlers) tells this collector of each request it journals, and
// src/testing/setup.ts files them under the running test and writes one file per test file to
// $CM_API_JOURNAL_DIR/app/. Nothing is collected when that variable is unset.
import type { Core } from '@creator-market/mock-server/msw';
import { API_JOURNAL_DIR_ENV, journalRequestOf, type ApiJournalRequest } from '@creator-market/sdk/control';

/** Where the journals go, or undefined (then nothing is collected). */
export const API_JOURNAL_DIR: string | undefined = process.env[API_JOURNAL_DIR_ENV] || undefined;

// On globalThis: src/testing/setup.ts and the test file hold different instances of this module (the setup gives
// every test file fresh modules after its own imports).
const KEY = Symbol.for('creator-market.app.api-journal');
const collected = (): ApiJournalRequest[] => ((globalThis as { [KEY]?: ApiJournalRequest[] })[KEY] ??= []);

/**
 * The screen a request was made from: the app's X-Mock-Screen (the route of the address) while the test has
 * rendered something, none before. A test's own requests before it renders (its look-ups, signing in,
 * arranging the world through the app's `api`) go out at the harness's reset address, '/', and would
 * otherwise all name home (docs/api-coverage.md: a request the app did not send has no screen).
 */
function shownScreen(screen: string | null): string | null {
  return document.body.childElementCount > 0 ? screen : null;
}

/** Collects every request `core` journals (when journals are written). */
export function collectJournal(core: Pick<Core, 'journal'>): void {
  if (API_JOURNAL_DIR) journalInto(core, (request) => collected().push(request));
}

/** Hands each request `core` journals to `add`, in the journal files' shape, with the screen it was shown on. */
export function journalInto(core: Pick<Core, 'journal'>, add: (request: ApiJournalRequest) => void): void {
  core.journal.listener = (record) => {
    // A copy now: a full journal ring reuses its records.
    const request = journalRequestOf({
      ...record,
      screen: shownScreen(record.screen),
      receivedAt: new Date(record.realMs).toISOString(),
    });
    if (request) add(request);
  };
}

/** The requests collected since the last call. */
export function takeCollected(): ApiJournalRequest[] {
  return collected().splice(0);
}
