// The calendar against the mock API: a Sunday-first month with dots on the days markets open or close, the
// selected day's '오픈 예정' and '종료 예정', '마켓 일정이 없어요' for a day without markets, the alarm
// filter, and the error state.
import { seoulDayKey } from '@creator-market/sdk/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { api } from '../../api/client';
import { API_BASE } from '../../config/config';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { signInAs } from '../../mocks/appHarness';
import { setupMockApi } from '../../mocks/testServer';
import Calendar from './index';
import { addMonths, dayKey, monthOfKey } from './month';

const server = setupMockApi();

beforeEach(async () => {
  resetScreenState();
  await signInAs('buyer');
});

const day = (key: string) => document.querySelector(`[data-day="${key}"]`) as HTMLButtonElement;

describe('Calendar', () => {
  test("a Sunday-first month, dots on market days, and the selected day's markets", async () => {
    const markets = await api.get('/common/v2/opened-market');
    const today = seoulDayKey(Date.now());
    renderScreen('/calendar', '/calendar', Calendar);
    expect(screen.getByRole('heading', { level: 1, name: '달력' })).toBeTruthy();
    const grid = screen.getByRole('grid');
    const firstRow = within(grid).getAllByRole('row')[0]!;
    expect(new Date(`${within(firstRow).getAllByRole('gridcell')[0]!.getAttribute('data-day')}T00:00:00Z`).getUTCDay()).toBe(0);
    expect(day(today).getAttribute('aria-selected')).toBe('true');

    // Still ahead: opening later today, closing later today.
    const opensToday = markets.filter((event) => seoulDayKey(event.marketST) === today && Date.parse(event.marketST) > Date.now());
    const closesToday = markets.filter((event) => seoulDayKey(event.marketED) === today && Date.parse(event.marketED) >= Date.now());
    await waitFor(() => expect(screen.getByRole('heading', { name: `오픈 예정 ${opensToday.length}` })).toBeTruthy());
    expect(screen.getByRole('heading', { name: `종료 예정 ${closesToday.length}` })).toBeTruthy();
    if (opensToday.length > 0) expect(day(today).querySelector('[data-dot="open"]')).toBeTruthy();
    if (closesToday.length > 0) expect(day(today).querySelector('[data-dot="close"]')).toBeTruthy();
  });

  test('a day without markets says so', async () => {
    const markets = await api.get('/common/v2/opened-market');
    const busy = new Set(markets.flatMap((event) => [seoulDayKey(event.marketST), seoulDayKey(event.marketED)]));
    renderScreen('/calendar', '/calendar', Calendar);
    await waitFor(() => expect(screen.queryByLabelText('불러오는 중')).toBeNull());
    // Back a month at a time until a day of the month has no market.
    const { year, month } = addMonths(monthOfKey(seoulDayKey(Date.now())), -1);
    fireEvent.click(screen.getByRole('button', { name: '이전 달' }));
    const quiet = Array.from({ length: 28 }, (_, index) => dayKey(year, month, index + 1)).find((key) => !busy.has(key))!;
    fireEvent.click(day(quiet));
    expect(await screen.findByText('마켓 일정이 없어요')).toBeTruthy();
    expect(day(quiet).querySelector('[data-dot]')).toBeNull();
  });

  test('the alarm filter keeps only markets with an alarm', async () => {
    const alarms = await api.get('/alarm');
    expect(alarms.length).toBeGreaterThan(0);
    const target = alarms[0]!;
    renderScreen('/calendar', '/calendar', Calendar);
    await waitFor(() => expect(screen.queryByLabelText('불러오는 중')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '알림 설정' }));
    const key = seoulDayKey(target.marketST);
    const { year, month } = monthOfKey(key);
    while (!screen.queryByRole('heading', { name: `${year}년 ${month + 1}월` }))
      fireEvent.click(screen.getByRole('button', { name: '다음 달' }));
    fireEvent.click(day(key));
    expect(await screen.findByText(target.marketTitle)).toBeTruthy();
    const opening = screen.getByRole('heading', { name: /^오픈 예정/ }).parentElement!;
    expect(within(opening).getAllByLabelText('알림 설정됨').length).toBe(within(opening).getAllByRole('link').length);
  });

  test("'오픈 예정' lists only markets not open yet, 10 first and 10 more on each 더보기", async () => {
    const markets = await api.get('/common/v2/opened-market');
    const now = Date.now();
    const at = (ms: number) => new Date(ms).toISOString();
    // 25 markets opening an hour from now and 5 that opened an hour ago, all today (12:00 in Seoul).
    const events = markets.slice(0, 30).map((event, index) => ({
      ...event,
      marketStatus: 2,
      marketST: at(index < 25 ? now + 60 * 60_000 + index * 1000 : now - 60 * 60_000),
      marketED: at(now + 5 * 24 * 60 * 60_000),
    }));
    expect(events).toHaveLength(30);
    server.use(http.get(`${API_BASE}/common/v2/opened-market`, () => HttpResponse.json({ data: events })));
    renderScreen('/calendar', '/calendar', Calendar);
    const heading = await screen.findByRole('heading', { name: '오픈 예정 25' });
    const section = heading.parentElement!;
    const cards = () => within(section).getAllByRole('link');
    expect(cards()).toHaveLength(10);
    for (const opened of events.slice(25)) expect(within(section).queryByText(opened.marketTitle)).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: '더보기' }));
    expect(cards()).toHaveLength(20);
    fireEvent.click(within(section).getByRole('button', { name: '더보기' }));
    expect(cards()).toHaveLength(25);
    expect(within(section).queryByRole('button', { name: '더보기' })).toBeNull();
  });

  test('a failed load shows the error state', async () => {
    server.use(http.get(`${API_BASE}/common/v2/opened-market`, () => HttpResponse.error()));
    renderScreen('/calendar', '/calendar', Calendar);
    expect(await screen.findByText('불러오지 못했어요')).toBeTruthy();
  });
});
