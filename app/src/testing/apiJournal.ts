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

/** Collects every request `core` journals (when journals are written). */
export function collectJournal(core: Pick<Core, 'journal'>): void {
  if (!API_JOURNAL_DIR) return;
  core.journal.listener = (record) => {
    // A copy now: a full journal ring reuses its records.
    const request = journalRequestOf({ ...record, receivedAt: new Date(record.realMs).toISOString() });
    if (request) collected().push(request);
  };
}

/** The requests collected since the last call. */
export function takeCollected(): ApiJournalRequest[] {
  return collected().splice(0);
}
