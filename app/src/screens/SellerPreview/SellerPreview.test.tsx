import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { api } from '../../api/client';
import { API_BASE } from '../../config/hosts';
import { pageNavigation } from '../../services/pageNavigation';
import { renderScreen, resetScreenState } from '../../testing/screenHarness';
import { signInAs } from '../../testing/appHarness';
import { freshWorldPerTest, setupMockApi } from '../../testing/testServer';
import { session } from '../../stores/session';
import SellerPreview, { SELLER_PREVIEW_TEXT } from './index';

freshWorldPerTest(setupMockApi());

beforeEach(() => {
  resetScreenState();
});

const renderNews = () => renderScreen('/promo/preview', '/promo/preview', SellerPreview);
const rows = () => within(screen.getByRole('list', { name: SELLER_PREVIEW_TEXT.title })).queryAllByRole('listitem');

describe('Seller upcoming news', () => {
  test("the seller's own news, and '+ 새 소식' opens the creation form", async () => {
    await signInAs('seller');
    const previews = await api.get('/common/preview/list', { params: { query: { sellerId: session.me!.seller!.publicId } } });
    expect(previews.length).toBeGreaterThan(0);
    const open = vi.spyOn(pageNavigation, 'open').mockImplementation(() => {});
    renderNews();
    await waitFor(() => expect(rows()).toHaveLength(previews.length));
    expect(rows().map((row) => row.textContent)).toEqual(previews.map((p): unknown => expect.stringContaining(p.previewContents)));
    fireEvent.click(screen.getByRole('button', { name: SELLER_PREVIEW_TEXT.newNews }));
    const url = new URL(open.mock.calls[0]![0]);
    expect(`${url.origin}${url.pathname}`).toBe(`${API_BASE}/__seller/preview/new`);
    expect(url.searchParams.get('uid')).toBe(session.me!.user.uid);
    expect(url.searchParams.get('state')).toBe(window.location.origin);
  });

  test('delete mode: select one or all with the count, delete after confirming', async () => {
    await signInAs('seller');
    const sellerId = session.me!.seller!.publicId;
    const previews = await api.get('/common/preview/list', { params: { query: { sellerId } } });
    renderNews();
    await waitFor(() => expect(rows()).toHaveLength(previews.length));
    fireEvent.click(screen.getByRole('button', { name: SELLER_PREVIEW_TEXT.edit }));
    expect(screen.getByText('0개 선택')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SELLER_PREVIEW_TEXT.delete })).toBeDisabled();

    const first = previews[0]!;
    fireEvent.click(screen.getByRole('checkbox', { name: SELLER_PREVIEW_TEXT.select(first.previewContents) }));
    expect(screen.getByText('1개 선택')).toBeInTheDocument();
    const selectAll = screen.getByRole('checkbox', { name: SELLER_PREVIEW_TEXT.selectAll });
    fireEvent.click(selectAll);
    expect(screen.getByText(`${previews.length}개 선택`)).toBeInTheDocument();
    fireEvent.click(selectAll);
    expect(screen.getByText('0개 선택')).toBeInTheDocument();

    // Delete one: cancelling the dialog keeps it.
    fireEvent.click(screen.getByRole('checkbox', { name: SELLER_PREVIEW_TEXT.select(first.previewContents) }));
    fireEvent.click(screen.getByRole('button', { name: `${SELLER_PREVIEW_TEXT.delete} 1` }));
    fireEvent.click(await screen.findByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(rows()).toHaveLength(previews.length);

    fireEvent.click(screen.getByRole('button', { name: `${SELLER_PREVIEW_TEXT.delete} 1` }));
    fireEvent.click(await within(await screen.findByRole('alertdialog')).findByRole('button', { name: SELLER_PREVIEW_TEXT.delete }));
    expect(await screen.findByText('삭제되었습니다')).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(previews.length - 1));
    const left = await api.get('/common/preview/list', { params: { query: { sellerId } } });
    expect(left.map((p) => p.previewUID)).toEqual(previews.slice(1).map((p) => p.previewUID));
    // Delete mode ends after deleting.
    expect(screen.getByRole('button', { name: SELLER_PREVIEW_TEXT.newNews })).toBeInTheDocument();
  });

  test('a seller without news sees 출시 예정 소식이 없어요', async () => {
    await signInAs('seller-incomplete');
    renderNews();
    expect(await screen.findByText('출시 예정 소식이 없어요')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SELLER_PREVIEW_TEXT.edit })).not.toBeInTheDocument();
  });

  test('a buyer has no news to manage', async () => {
    await signInAs('buyer');
    renderNews();
    expect(screen.getByText(SELLER_PREVIEW_TEXT.sellersOnly)).toBeInTheDocument();
  });
});
