import { alarmMarketStore } from '@creator-market/sdk/domain';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { api } from '../../api/client';
import { now } from '../../api/clock';
import { signInAs } from '../../testing/appHarness';
import { setupMockApi } from '../../testing/testServer';
import { alarmSyncSettled, resetAlarmSync, startAlarmSync } from '../../components/alarm/alarmSync';
import { installSimulatedShell, removeSimulatedShell } from '../../testing/simulatedShell';
import { addLinesToCart } from './addToCart';
import { loadMarketDetail, type MarketDetail } from '../../components/market-detail/marketDetail';
import { resetScreenState } from '../../testing/screenHarness';
import { alarmState, saveAlarm } from '../../components/alarm/alarms';

setupMockApi();

const MINUTE = 60_000;

beforeEach(() => {
  resetScreenState();
  resetAlarmSync();
});

afterEach(() => {
  removeSimulatedShell();
});

/**
 * A market of the seeded world whose start is still ahead (pre-open, so it takes cart adds) or passed,
 * without an alarm of the signed-in account (the world lives for the whole file).
 */
async function marketWhoseStart(ahead: boolean): Promise<MarketDetail> {
  const markets = await api.get('/common/v2/opened-market');
  const at = now();
  const market = markets.find((m) =>
    ahead ? Date.parse(m.marketST) - 4 * MINUTE > at && m.marketStatus !== 0 : Date.parse(m.marketST) < at,
  );
  if (!market) throw new Error(`the seeded world has no market whose start is ${ahead ? 'ahead' : 'past'}`);
  if (await serverAlarmOf(market.marketUID)) await api.post('/alarm/delete', { body: { marketId: market.marketUID } });
  return loadMarketDetail(market.sellerPublicId, String(market.marketPublicId));
}

/** One unit of the first option that can be ordered. */
function firstLine(detail: MarketDetail) {
  for (const product of detail.product) {
    const option = product.option.find((o) => o.useYN && (o.stock === -1 || o.stock - o.order > 0));
    if (product.useYN && option) return [{ _id: product._id, option: option.title, amount: 1, price: option.price, title: product.title }];
  }
  throw new Error('no orderable option');
}

async function serverAlarmOf(marketUID: string) {
  return (await api.get('/alarm')).find((entry) => entry.marketUID === marketUID);
}

describe('automatic alarm on adding to the cart', () => {
  test('in the native app, a market without an alarm gets one 3 minutes before it opens, stored and sent to the phone', async () => {
    const shell = installSimulatedShell();
    await signInAs('buyer-new');
    const stop = startAlarmSync();
    const detail = await marketWhoseStart(true);
    const start = Date.parse(detail.market.marketST);

    await expect(addLinesToCart(detail, firstLine(detail))).resolves.toBe(true);

    await waitFor(() => expect(alarmState.byMarket[detail.market._id]).toEqual([start - 3 * MINUTE]));
    expect((await serverAlarmOf(detail.market._id))?.at).toEqual([start - 3 * MINUTE]);
    expect(alarmMarketStore.read(localStorage)[detail.market._id]).toEqual([start - 3 * MINUTE]);
    await waitFor(async () => {
      await alarmSyncSettled();
      expect(shell.effects).toContainEqual({
        kind: 'alarm',
        alarm: {
          marketUID: detail.market._id,
          title: detail.market.title,
          marketST: detail.market.marketST,
          at: [start - 3 * MINUTE],
          path: `/m/${detail.seller.publicId}/${detail.market.publicId}`,
        },
      });
    });
    stop();
  });

  test('an alarm already set is left as it is', async () => {
    installSimulatedShell();
    await signInAs('buyer-new');
    const detail = await marketWhoseStart(true);
    const start = Date.parse(detail.market.marketST);
    await expect(saveAlarm(detail.market._id, [start])).resolves.toBe(true);

    await addLinesToCart(detail, firstLine(detail));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alarmState.byMarket[detail.market._id]).toEqual([start]);
    expect((await serverAlarmOf(detail.market._id))?.at).toEqual([start]);
  });

  test('on the web nothing is set', async () => {
    await signInAs('buyer-new');
    const detail = await marketWhoseStart(true);
    await addLinesToCart(detail, firstLine(detail));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alarmState.byMarket[detail.market._id]).toBeUndefined();
    expect(await serverAlarmOf(detail.market._id)).toBeUndefined();
  });

  test('a market that has opened has nothing to ring', async () => {
    installSimulatedShell();
    await signInAs('buyer-new');
    const detail = await marketWhoseStart(false);
    await addLinesToCart(detail, firstLine(detail));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alarmState.byMarket[detail.market._id]).toBeUndefined();
    expect(await serverAlarmOf(detail.market._id)).toBeUndefined();
  });
});
