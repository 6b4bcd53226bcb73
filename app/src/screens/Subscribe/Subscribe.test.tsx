// The subscriptions screen against the mock API: 'N명 구독 중', the grid of subscribed sellers, the open
// markets toggle (remembered), the empty state and the error state.
import { configStore } from '@creator-market/sdk/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { api } from '../../api/client';
import { setupMockControl } from '../../testing/mockControl';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { signInAs } from '../../testing/appHarness';
import { setupMockApi } from '../../testing/testServer';
import { session } from '../../stores/session';
import Subscribe from './index';

setupMockApi();
const mock = setupMockControl();

beforeEach(() => {
  resetScreenState();
});

describe('Subscriptions', () => {
  test('the count in the title, placeholders, then every subscribed seller', async () => {
    await signInAs('buyer');
    const subscriptions = await api.get('/subscribe/list');
    renderScreen('/subscribe', '/subscribe', Subscribe);
    expect(screen.getByRole('heading', { level: 1, name: `${session.subscribedSellerIds.length}명 구독 중` })).toBeInTheDocument();
    expect(screen.getByLabelText('불러오는 중')).toBeInTheDocument();
    expect(await screen.findByText(subscriptions[0]!.sellerName)).toBeInTheDocument();
    expect(document.querySelectorAll('a[href^="/profile/"]')).toHaveLength(subscriptions.length);
    expect(screen.getAllByRole('button', { name: /구독중$/ })).toHaveLength(subscriptions.length);
  });

  test('the toggle shows the open markets of subscribed sellers and is remembered', async () => {
    await signInAs('buyer');
    const subscribed = new Set((await api.get('/subscribe/list')).map((subscription) => subscription.sellerPublicId));
    const expected = (await api.get('/common/v2/opened-market')).filter((event) => subscribed.has(event.sellerPublicId));
    renderScreen('/subscribe', '/subscribe', Subscribe);
    fireEvent.click(screen.getByRole('switch', { name: '오픈 마켓 보기' }));
    expect(configStore.read(localStorage).remember.viewMarketSubs).toBe(true);
    await waitFor(() => expect(document.querySelectorAll('a[href^="/m/"]')).toHaveLength(expected.length));
  });

  test('no subscription: the empty state', async () => {
    await signInAs('buyer-new');
    renderScreen('/subscribe', '/subscribe', Subscribe);
    expect(screen.getByRole('heading', { level: 1, name: '0명 구독 중' })).toBeInTheDocument();
    expect(await screen.findByText('구독한 작가님이 없어요')).toBeInTheDocument();
  });

  test('a failed load shows the error with a retry', async () => {
    await signInAs('buyer');
    await mock.faults.force('network-error', { operationId: 'listSubscriptions' });
    renderScreen('/subscribe', '/subscribe', Subscribe);
    expect(await screen.findByText('불러오지 못했어요')).toBeInTheDocument();
  });
});
