// The app suite's API journal names the screen each request was shown on, for the coverage matrix's screen
// column (docs/api-coverage.md): a rendered screen's requests carry its route name, and the test's own
// requests before it renders (look-ups through the app's `api`, at the harness's reset address '/') carry
// none rather than home.
import { createMswDoor } from '@creator-market/mock-server/msw';
import type { ApiJournalRequest } from '@creator-market/sdk/control';
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { API_BASE } from '../config/hosts';
import Market from '../screens/Market';
import { journalInto } from './apiJournal';
import { TEST_NOW } from './now';
import { renderScreen, resetScreenState } from './screenHarness';
import { seededWorld } from './testServer';
import { findMarket } from './worldLookup';

const door = createMswDoor({ baseUrl: API_BASE, world: seededWorld(), startAt: TEST_NOW });
const journal: ApiJournalRequest[] = [];
journalInto(door.core, (request) => journal.push(request));
const server = setupServer(...door.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetScreenState();
  journal.length = 0;
});

test("a Market render's requests carry 'market'; the test's look-ups before it carry no screen", async () => {
  const { detail, sellerId, marketId } = await findMarket('opened');
  const lookups = journal.length;
  expect(lookups).toBeGreaterThan(0);
  expect(window.location.pathname).toBe('/');

  renderScreen(`/m/${sellerId}/${marketId}`, '/m/:sellerId/:marketId', Market);
  expect(await screen.findByRole('heading', { name: detail.market.title })).toBeInTheDocument();

  expect(journal.slice(0, lookups).map((request) => request.screen)).toEqual(Array<null>(lookups).fill(null));
  const rendered = journal.slice(lookups);
  expect(rendered.map((request) => request.operationId)).toContain('getMarket');
  expect(new Set(rendered.map((request) => request.screen))).toEqual(new Set(['market']));
});
