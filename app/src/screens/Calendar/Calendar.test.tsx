// The calendar against the mock API: a Sunday-first month with dots on the days markets open or close, the
// selected day's '오픈 예정' and '종료 예정', '마켓 일정이 없어요' for a day without markets, the alarm
// filter, and the error state.
import { seoulDayKey } from '@creator-market/sdk/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { api } from '../../api/client';
import { setupMockControl } from '../../testing/mockControl';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { signInAs } from '../../testing/appHarness';
import { setupMockApi } from '../../testing/testServer';
import Calendar from './index';
import { addMonths, dayKey, monthOfKey } from './month';

setupMockApi();
const mock = setupMockControl();

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
    expect(screen.getByRole('heading', { level: 1, name: '달력' })).toBeInTheDocument();
    const grid = screen.getByRole('grid');
    const firstRow = within(grid).getAllByRole('row')[0]!;
    expect(new Date(`${within(firstRow).getAllByRole('gridcell')[0]!.getAttribute('data-day')}T00:00:00Z`).getUTCDay()).toBe(0);
    expect(day(today)).toHaveAttribute('aria-selected', 'true');

    // Still ahead: opening later today, closing later today.
    const opensToday = markets.filter((event) => seoulDayKey(event.marketST) === today && Date.parse(event.marketST) > Date.now());
    const closesToday = markets.filter((event) => seoulDayKey(event.marketED) === today && Date.parse(event.marketED) >= Date.now());
    await waitFor(() => expect(screen.getByRole('heading', { name: `오픈 예정 ${opensToday.length}` })).toBeInTheDocument());
    expect(screen.getByRole('heading', { name: `종료 예정 ${closesToday.length}` })).toBeInTheDocument();
    if (opensToday.length > 0) expect(day(today).querySelector('[data-dot="open"]')).toBeInTheDocument();
    if (closesToday.length > 0) expect(day(today).querySelector('[data-dot="close"]')).toBeInTheDocument();
  });

  test('a day without markets says so', async () => {
    const markets = await api.get('/common/v2/opened-market');
    const busy = new Set(markets.flatMap((event) => [seoulDayKey(event.marketST), seoulDayKey(event.marketED)]));
    renderScreen('/calendar', '/calendar', Calendar);
    await waitFor(() => expect(screen.queryByLabelText('불러오는 중')).not.toBeInTheDocument());
    // Back a month at a time until a day of the month has no market.
    const { year, month } = addMonths(monthOfKey(seoulDayKey(Date.now())), -1);
    fireEvent.click(screen.getByRole('button', { name: '이전 달' }));
    const quiet = Array.from({ length: 28 }, (_, index) => dayKey(year, month, index + 1)).find((key) => !busy.has(key))!;
    fireEvent.click(day(quiet));
    expect(await screen.findByText('마켓 일정이 없어요')).toBeInTheDocument();
    expect(day(quiet).querySelector('[data-dot]')).not.toBeInTheDocument();
  });

  test('the alarm filter keeps only markets with an alarm', async () => {
    const alarms = await api.get('/alarm');
    expect(alarms.length).toBeGreaterThan(0);
    const target = alarms[0]!;
    renderScreen('/calendar', '/calendar', Calendar);
    await waitFor(() => expect(screen.queryByLabelText('불러오는 중')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: '알림 설정' }));
    const key = seoulDayKey(target.marketST);
    const { year, month } = monthOfKey(key);
    while (!screen.queryByRole('heading', { name: `${year}년 ${month + 1}월` }))
      fireEvent.click(screen.getByRole('button', { name: '다음 달' }));
    fireEvent.click(day(key));
    expect(await screen.findByText(target.marketTitle)).toBeInTheDocument();
    const opening = screen.getByRole('heading', { name: /^오픈 예정/ }).parentElement!;
    expect(within(opening).getAllByLabelText('알림 설정됨').length).toBe(within(opening).getAllByRole('link').length);
  });

  test("'오픈 예정' lists only markets not open yet, 10 first and 10 more on each 더보기", async () => {
    // Made in the world through the control plane's records, as QA makes them: 5 markets that opened an
    // hour ago, and 25 opening on a later day no other market opens on (12:00 in Seoul, a second apart).
    const HOUR = 60 * 60_000;
    const starts = new Set((await api.get('/common/v2/opened-market')).map((event) => seoulDayKey(event.marketST)));
    const quiet = Array.from({ length: 60 }, (_, index) => seoulDayKey(Date.now() + (index + 2) * 24 * HOUR)).find(
      (key) => !starts.has(key),
    )!;
    const made = (title: string, startsAt: number) =>
      mock.call('createRecord', {
        params: { path: { entity: 'markets' } },
        body: { title, startsInMs: startsAt - Date.now(), endsInMs: startsAt - Date.now() + 5 * 24 * HOUR },
      });
    const opened = Array.from({ length: 5 }, (_, index) => `달력 오픈한 마켓 ${index + 1}`);
    for (const title of opened) await made(title, Date.now() - HOUR);
    for (let index = 0; index < 25; index += 1) await made(`달력 오픈 예정 ${index + 1}`, Date.parse(`${quiet}T03:00:00Z`) + index * 1000);

    renderScreen('/calendar', '/calendar', Calendar);
    // Today: the list starts with the earliest start, so the opened markets would lead it.
    const today = (await screen.findByRole('heading', { name: /^오픈 예정/ })).parentElement!;
    await waitFor(() => expect(within(today).getAllByRole('link').length).toBeGreaterThan(0));
    for (const title of opened) expect(within(today).queryByText(title)).not.toBeInTheDocument();

    const { year, month } = monthOfKey(quiet);
    while (!screen.queryByRole('heading', { name: `${year}년 ${month + 1}월` }))
      fireEvent.click(screen.getByRole('button', { name: '다음 달' }));
    fireEvent.click(day(quiet));
    const section = (await screen.findByRole('heading', { name: '오픈 예정 25' })).parentElement!;
    const cards = () => within(section).getAllByRole('link');
    expect(cards()).toHaveLength(10);
    fireEvent.click(within(section).getByRole('button', { name: '더보기' }));
    expect(cards()).toHaveLength(20);
    fireEvent.click(within(section).getByRole('button', { name: '더보기' }));
    expect(cards()).toHaveLength(25);
    expect(within(section).queryByRole('button', { name: '더보기' })).not.toBeInTheDocument();
  });

  test('a failed load shows the error state', async () => {
    await mock.faults.force('network-error', { operationId: 'listOpenedMarkets' });
    renderScreen('/calendar', '/calendar', Calendar);
    expect(await screen.findByText('불러오지 못했어요')).toBeInTheDocument();
  });
});
