// The subscribe flow against the mock API (SPEC.md section 4): guests are sent to login; the first
// subscription asks first, later ones go straight through with a toast; the change is optimistic and rolled
// back on failure unless the server says it was already so; cancelling asks first.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { api } from '../../api/client';
import { renderAt, signInAs } from '../../testing/appHarness';
import { setupMockApi } from '../../testing/testServer';
import { session, setSubscribedSellerIds } from '../../stores/session';
import { setupMockControl } from '../../testing/mockControl';
import { resetScreenState } from '../../testing/screenHarness';
import { SubscribeButton } from './SubscribeButton';

setupMockApi();
const mock = setupMockControl();

beforeEach(() => {
  resetScreenState();
});

/** A seller of the seeded world the signed-in account does not subscribe to. */
async function unsubscribedSeller() {
  const sellers = await api.get('/common/v2/seller', { params: { query: { from: 'top' } } });
  const subscribed = new Set(await api.get('/subscribe/getsubscriberlist'));
  const seller = sellers.find((candidate) => !subscribed.has(candidate.sellerUID));
  if (!seller) throw new Error('every top seller is subscribed');
  return { uid: seller.sellerUID, name: seller.sellerName };
}

async function serverSubscribes(uid: string): Promise<boolean> {
  return (await api.get('/subscribe/getsubscriberlist')).includes(uid);
}

/** The operation's next answer is the mock's catalogue answer `scenario` (as QA forces it). */
async function failWith(operationId: 'addSubscription' | 'cancelSubscription', scenario: 'http-500' | 'http-504') {
  await mock.scenarios.force(scenario, { operationId, times: 1 });
}

describe('subscribe button', () => {
  test('a guest is asked to log in and nothing changes', async () => {
    const sellers = await api.get('/common/v2/seller', { params: { query: { from: 'top' } } });
    const seller = sellers[0]!;
    renderAt('/', <SubscribeButton seller={{ uid: seller.sellerUID, name: seller.sellerName }} />);
    fireEvent.click(screen.getByRole('button', { name: /구독/ }));
    expect(await screen.findByText('간편 로그인 후 이용할 수 있어요. 지금 로그인 할까요?')).toBeInTheDocument();
    expect(session.subscribedSellerIds).toEqual([]);
  });

  test('a seller sees no subscribe button on their own profile (another seller keeps it)', async () => {
    await signInAs('seller');
    // The creator profile's _id is the seller's account uid.
    const own = await api.get('/common/v2/seller/{sellerPID}', { params: { path: { sellerPID: session.me!.seller!.publicId } } });
    expect(own._id).toBe(session.me!.user.uid);
    const { unmount } = renderAt('/', <SubscribeButton seller={{ uid: own._id, name: own.info.name }} />);
    expect(screen.queryByRole('button', { name: /구독/ })).not.toBeInTheDocument();
    unmount();
    const other = await unsubscribedSeller();
    renderAt('/', <SubscribeButton seller={other} />);
    expect(screen.getByRole('button', { name: `${other.name} 구독` })).toBeInTheDocument();
  });

  test('the first subscription asks for confirmation, then subscribes on the server', async () => {
    await signInAs('buyer-new');
    expect(session.subscribedSellerIds).toEqual([]);
    const seller = await unsubscribedSeller();
    renderAt('/', <SubscribeButton seller={seller} />);
    fireEvent.click(screen.getByRole('button', { name: `${seller.name} 구독` }));
    expect(await screen.findByText('작가님 구독')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '구독하기' }));
    await waitFor(() => expect(screen.getByRole('button', { name: `${seller.name} 구독중` })).toBeInTheDocument());
    expect(session.subscribedSellerIds).toContain(seller.uid);
    await waitFor(async () => expect(await serverSubscribes(seller.uid)).toBe(true));
  });

  test('a later subscription goes straight through with a toast linking to the subscriptions', async () => {
    await signInAs('buyer');
    expect(session.subscribedSellerIds.length).toBeGreaterThan(0);
    const seller = await unsubscribedSeller();
    renderAt('/', <SubscribeButton seller={seller} />);
    fireEvent.click(screen.getByRole('button', { name: `${seller.name} 구독` }));
    // Optimistic: subscribed before the server answers.
    expect(session.subscribedSellerIds).toContain(seller.uid);
    expect(await screen.findByText(`${seller.name} 작가님을 구독했어요`)).toBeInTheDocument();
    expect(screen.queryByText('작가님 구독')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '구독 목록' }));
    expect(window.location.pathname).toBe('/subscribe');
    expect(await serverSubscribes(seller.uid)).toBe(true);
  });

  test('a failed subscription is rolled back with the request-failed toast', async () => {
    await signInAs('buyer');
    const seller = await unsubscribedSeller();
    await failWith('addSubscription', 'http-500');
    renderAt('/', <SubscribeButton seller={seller} />);
    fireEvent.click(screen.getByRole('button', { name: `${seller.name} 구독` }));
    expect(session.subscribedSellerIds).toContain(seller.uid);
    expect(await screen.findByText('요청에 실패했습니다. 잠시 후 다시 시도해주세요.')).toBeInTheDocument();
    expect(session.subscribedSellerIds).not.toContain(seller.uid);
    expect(screen.getByRole('button', { name: `${seller.name} 구독` })).toBeInTheDocument();
  });

  test('already-subscribed on the server keeps the optimistic subscription', async () => {
    await signInAs('buyer');
    const seller = await unsubscribedSeller();
    await api.post('/subscribe/add', { body: { sellerId: seller.uid } });
    // The app has not heard of it (another device subscribed).
    setSubscribedSellerIds(session.subscribedSellerIds.filter((id) => id !== seller.uid));
    renderAt('/', <SubscribeButton seller={seller} />);
    fireEvent.click(screen.getByRole('button', { name: `${seller.name} 구독` }));
    await waitFor(() => expect(screen.getByRole('button', { name: `${seller.name} 구독중` })).toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(session.subscribedSellerIds).toContain(seller.uid);
    expect(screen.queryByText('요청에 실패했습니다. 잠시 후 다시 시도해주세요.')).not.toBeInTheDocument();
  });

  test('cancelling asks first, removes at once, and is rolled back when it fails', async () => {
    await signInAs('buyer');
    const uid = session.subscribedSellerIds[0]!;
    renderAt('/', <SubscribeButton seller={{ uid, name: '테스트' }} />);

    fireEvent.click(screen.getByRole('button', { name: '테스트 구독중' }));
    expect(await screen.findByText('테스트 작가님 구독을 취소할까요?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '다음에' }));
    await waitFor(() => expect(screen.queryByText('테스트 작가님 구독을 취소할까요?')).not.toBeInTheDocument());
    expect(session.subscribedSellerIds).toContain(uid);

    await failWith('cancelSubscription', 'http-504');
    const button = screen.getByRole<HTMLButtonElement>('button', { name: '테스트 구독중' });
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    fireEvent.click(await screen.findByRole('button', { name: '구독 취소' }));
    await waitFor(() => expect(session.subscribedSellerIds).not.toContain(uid));
    expect(await screen.findByText('요청에 실패했습니다. 잠시 후 다시 시도해주세요.')).toBeInTheDocument();
    expect(session.subscribedSellerIds).toContain(uid);
    expect(await serverSubscribes(uid)).toBe(true);
  });

  test('cancelling for real, and already-canceled keeps the seller removed', async () => {
    await signInAs('buyer');
    const [first, second] = session.subscribedSellerIds;
    renderAt(
      '/',
      <>
        <SubscribeButton seller={{ uid: first!, name: '첫째' }} />
        <SubscribeButton seller={{ uid: second!, name: '둘째' }} />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: '첫째 구독중' }));
    fireEvent.click(await screen.findByRole('button', { name: '구독 취소' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '첫째 구독' })).toBeInTheDocument());
    await waitFor(async () => expect(await serverSubscribes(first!)).toBe(false));

    // Cancelled elsewhere already: the server answers already-canceled, the app keeps it removed.
    await api.post('/subscribe/cancel', { body: { sellerId: second! } });
    expect(session.subscribedSellerIds).toContain(second);
    fireEvent.click(screen.getByRole('button', { name: '둘째 구독중' }));
    fireEvent.click(await screen.findByRole('button', { name: '구독 취소' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '둘째 구독' })).toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(session.subscribedSellerIds).not.toContain(second);
    expect(screen.queryByText('요청에 실패했습니다. 잠시 후 다시 시도해주세요.')).not.toBeInTheDocument();
  });
});
