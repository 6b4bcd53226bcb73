// The alarm button and drawer against the mock API: guests are sent to login; the drawer offers the six
// offsets and only those still ahead can be switched; saving adds (POST /alarm/add) or, with nothing on,
// deletes (POST /alarm/delete) the market's alarm; the bell is filled while an alarm is set.
import { marketState } from '@creator-market/sdk/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { api } from '../../api/client';
import { renderAt, signInAs } from '../../testing/appHarness';
import { setupMockApi } from '../../testing/testServer';
import { timingOf } from '../../components/market-card/openedMarkets';
import { advanceDate } from '../../testing/clock';
import { resetScreenState } from '../../testing/screenHarness';
import { AlarmButton } from './AlarmButton';

setupMockApi();

const MINUTE = 60_000;

/** Past the drawers' click throttle (one open or close per 200 ms). */
const throttle = () => advanceDate(250);

beforeEach(() => {
  resetScreenState();
});

/**
 * A market opening in 12 to 29 minutes that the signed-in buyer has no alarm on: its alarms at open and 3,
 * 5 and 10 minutes before are ahead, those 30 minutes and a day before have passed.
 */
async function marketOpeningSoon() {
  const alarmed = new Set((await api.get('/alarm')).map((entry) => entry.marketUID));
  const markets = await api.get('/common/v2/opened-market');
  const now = Date.now();
  const market = markets.find((event) => {
    const startsIn = Date.parse(event.marketST) - now;
    return (
      marketState(timingOf(event), now) === 'pre-open' && startsIn > 12 * MINUTE && startsIn < 29 * MINUTE && !alarmed.has(event.marketUID)
    );
  });
  if (!market) throw new Error('the world has no market opening in 12 to 29 minutes');
  return { marketUID: market.marketUID, marketST: market.marketST, title: market.marketTitle };
}

describe('alarm', () => {
  test('a guest is asked to log in', async () => {
    const markets = await api.get('/common/v2/opened-market');
    const market = markets[0]!;
    renderAt('/', <AlarmButton market={{ marketUID: market.marketUID, marketST: market.marketST, title: market.marketTitle }} />);
    fireEvent.click(screen.getByRole('button', { name: /오픈 알림/ }));
    expect(await screen.findByText('간편 로그인 후 이용할 수 있어요. 지금 로그인 할까요?')).toBeInTheDocument();
    expect(screen.queryByText('오픈 알림 설정')).not.toBeInTheDocument();
  });

  test('only times still ahead can be switched; saving sets the alarm, switching all off deletes it', async () => {
    await signInAs('buyer');
    const market = await marketOpeningSoon();
    const start = Date.parse(market.marketST);

    renderAt('/', <AlarmButton market={market} />);
    const button = screen.getByRole('button', { name: /오픈 알림/ });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(button);

    const drawer = await screen.findByRole('dialog', { name: '오픈 알림 설정' });
    const toggle = (name: string) => within(drawer).getByRole<HTMLButtonElement>('switch', { name });
    for (const name of ['오픈 시간', '3분 전', '5분 전', '10분 전']) expect(toggle(name).disabled).toBe(false);
    for (const name of ['30분 전', '1일 전']) expect(toggle(name).disabled).toBe(true);
    // On the web the alarm rings only in the app: the drawer says so, with the store links.
    expect(within(drawer).getByText('알림은 앱에서 울려요')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'App Store' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: 'Google Play' })).toBeInTheDocument();

    const save = within(drawer).getByRole<HTMLButtonElement>('button', { name: '저장하기' });
    expect(save).toBeDisabled();
    fireEvent.click(toggle('30분 전'));
    expect(toggle('30분 전')).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(toggle('10분 전'));
    fireEvent.click(toggle('오픈 시간'));
    throttle();
    fireEvent.click(save);

    expect(await screen.findByText('오픈 알림을 설정했어요')).toBeInTheDocument();
    const stored = (await api.get('/alarm')).find((entry) => entry.marketUID === market.marketUID);
    expect(stored?.at).toEqual([start - 10 * MINUTE, start]);
    await waitFor(() => expect(screen.getByRole('button', { name: /알림 설정됨/ })).toHaveAttribute('aria-pressed', 'true'));

    // Open again: the stored times are on; switching them off deletes the alarm.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    throttle();
    fireEvent.click(screen.getByRole('button', { name: /알림 설정됨/ }));
    const again = await screen.findByRole('dialog', { name: '오픈 알림 설정' });
    const switchIn = (name: string) => within(again).getByRole('switch', { name });
    expect(switchIn('10분 전')).toHaveAttribute('aria-checked', 'true');
    expect(switchIn('오픈 시간')).toHaveAttribute('aria-checked', 'true');
    expect(switchIn('3분 전')).toHaveAttribute('aria-checked', 'false');
    fireEvent.click(switchIn('10분 전'));
    fireEvent.click(switchIn('오픈 시간'));
    throttle();
    fireEvent.click(within(again).getByRole('button', { name: '저장하기' }));
    expect(await screen.findByText('오픈 알림을 해제했어요')).toBeInTheDocument();
    expect((await api.get('/alarm')).some((entry) => entry.marketUID === market.marketUID)).toBe(false);
    await waitFor(() => expect(screen.getByRole('button', { name: /오픈 알림/ })).toHaveAttribute('aria-pressed', 'false'));
  });
});
