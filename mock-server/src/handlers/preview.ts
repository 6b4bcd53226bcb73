// preview: sellers' upcoming-release news: the public feed, one seller's list, and deleting one's own.
import type { components } from '@creator-market/sdk/generated/api';
import { USER_LEVEL } from '@creator-market/sdk/domain';
import { notFound, permissionDenied } from '../http/failure';
import { CursorList, previewFeed, sortPreviews } from '../world/home-lists';
import type { Store } from '../world/store';
import type { HandlerMap } from './types';
import { signedIn } from './types';

type Preview = components['schemas']['Preview'];

const publishedBy = (now: number) => (preview: Preview) => Date.parse(preview.previewPublicTime) <= now;

/** One seller's previews, latest release date first (a per-seller list, small enough to sort per request). */
function sellerPreviews(store: Store, sellerUid: string): CursorList<Preview> {
  return new CursorList(sortPreviews(store.previews.by('seller', sellerUid)), (p) => p.previewUID);
}

export const previewHandlers = {
  listPreviews({ query }, { world, now }) {
    const { store } = world;
    if (query.sellerPID === undefined) return { data: previewFeed(world).page(query.offset, publishedBy(now)) };
    // A filter, not a lookup: an unknown seller has no previews.
    const seller = store.sellers.one('publicId', query.sellerPID);
    return { data: seller ? sellerPreviews(store, seller._id).page(query.offset, publishedBy(now)) : [] };
  },

  listSellerPreviews({ query, user }, { world, now }) {
    const { store } = world;
    const seller = store.sellers.one('publicId', query.sellerId);
    if (!seller) throw notFound('작가님');
    // The seller sees their unpublished previews too, to manage them; everyone else only the published ones.
    const isOwner = user?.uid === seller._id;
    return { data: sellerPreviews(store, seller._id).page(query.offset, isOwner ? undefined : publishedBy(now)) };
  },

  deletePreview({ params, user }, { world }) {
    const { store } = world;
    const account = signedIn(user);
    if (account.user.level !== USER_LEVEL.seller) throw permissionDenied();
    const preview = store.previews.get(params.previewId);
    if (!preview) throw notFound('소식');
    if (preview.sellerUID !== account.uid) throw permissionDenied();
    store.previews.remove(preview.previewUID);
    return { data: preview.previewUID };
  },
} satisfies Partial<HandlerMap>;
