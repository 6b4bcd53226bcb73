// The profile screen against the mock API: the seller with the subscribe button and the social links sheet,
// open markets, previews and recommendations; Not found for an unknown seller; other sections stay quietly
// empty when they fail.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { api } from '../../api/client';
import { notFoundState } from '../../services/notFound';
import { setupMockControl } from '../../testing/mockControl';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { setupMockApi } from '../../testing/testServer';
import { uiState } from '../../stores/ui';
import Profile from './index';

setupMockApi();
const mock = setupMockControl();
const PATTERN = '/profile/:sellerId';

beforeEach(() => {
  resetScreenState();
});

async function sellerWithMarkets() {
  const [event] = await api.get('/common/v2/opened-market');
  const sellerPID = event!.sellerPublicId;
  const profile = await api.get('/common/v2/seller/{sellerPID}', { params: { path: { sellerPID } } });
  const markets = await api.get('/common/v2/seller/opened-market/{sellerPID}', { params: { path: { sellerPID } } });
  return { sellerPID, profile, markets };
}

describe('Profile', () => {
  test('placeholders, then the seller, the subscribe button, open markets and the social links sheet', async () => {
    const { sellerPID, profile, markets } = await sellerWithMarkets();
    renderScreen(`/profile/${sellerPID}`, PATTERN, Profile);
    expect(document.querySelector('[aria-busy="true"]')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: profile.info.name })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`구독자 ${profile.subscribe.toLocaleString('ko-KR')}명`))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `${profile.info.name} 구독` })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('a[href^="/m/"]').length).toBeGreaterThanOrEqual(markets.length));
    expect(screen.getByText(markets[0]!.marketTitle)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '더보기' }));
    const sheet = await screen.findByRole('dialog', { name: 'SNS' });
    const links = profile.sns.filter((link) => link.type !== 0 && /^https?:/.test(link.url));
    if (links.length === 0) expect(within(sheet).getByText('등록된 SNS가 없어요')).toBeInTheDocument();
    else
      expect(
        within(sheet)
          .getAllByRole('button')
          .filter((b) => b.textContent?.includes(links[0]!.url.replace(/^https?:\/\//, ''))),
      ).toHaveLength(1);
  });

  test('an unknown seller is Not found', async () => {
    renderScreen('/profile/nobody_here', PATTERN, Profile);
    await waitFor(() => expect(notFoundState.path).toBe('/profile/nobody_here'));
  });

  test('markets, previews and recommendations that fail stay empty without a message', async () => {
    const { sellerPID, profile } = await sellerWithMarkets();
    await mock.scenarios.force('http-500', { operationId: 'listSellerOpenedMarkets' });
    await mock.faults.force('network-error', { operationId: 'listRecommendedSellers' });
    await mock.faults.force('network-error', { operationId: 'listPreviews' });
    renderScreen(`/profile/${sellerPID}`, PATTERN, Profile);
    expect(await screen.findByRole('heading', { level: 1, name: profile.info.name })).toBeInTheDocument();
    expect(await screen.findByText('지금은 열린 마켓이 없어요')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(uiState.dialogs).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: '출시 예정 소식' })).not.toBeInTheDocument();
  });
});
