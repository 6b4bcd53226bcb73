// home: the home screen's data (banners, seller categories, ranked sellers and products, new products,
// orderable and scheduled markets). Rankings come from the per-version cache of world/home-lists.
import type { components } from '@creator-market/sdk/generated/api';
import { SELLER_CATEGORY_KEYS } from '@creator-market/sdk/domain';
import { ApiFailure } from '../http/failure';
import {
  categoryMembers,
  homeProducts,
  isNewSeller,
  luckySellers,
  newProductsPage,
  newSellers,
  orderableOrScheduledMarkets,
  topSellers,
  type JoinedSeller,
} from '../world/home-lists';
import { sellerName, sellerProfileImage, sellerSummary } from '../world/views';
import type { HandlerMap } from './types';

type Schemas = components['schemas'];

function categoryEntry(category: string, profile: Schemas['CreatorProfile']): Schemas['SellerCategoryEntry'] {
  return {
    sellerCategory: category,
    sellerUID: profile._id,
    sellerPublicId: profile.publicId,
    sellerName: sellerName(profile),
    sellerProfile: sellerProfileImage(profile),
  };
}

/** Home seller cards carry `isNew` (joined in the last 7 days). */
const homeSellerCard = (now: number) => (seller: JoinedSeller) => sellerSummary(seller.profile, isNewSeller(seller.joinedAt, now));

export const homeHandlers = {
  listOpenedMarkets(_req, { world, now }) {
    return { data: orderableOrScheduledMarkets(world, now) };
  },

  getBanners(_req, { world }) {
    // `sorting: 'random'` asks the app to shuffle; the server keeps the stored order.
    return { data: world.store.state.banners };
  },

  listCategorySellers({ query }, { world }) {
    if (query.flag === 'news') {
      const categories = query.category ? [query.category] : SELLER_CATEGORY_KEYS;
      const data = categories.flatMap((category) => {
        const [newest] = categoryMembers(world, category).page(undefined, undefined, 1);
        return newest ? [categoryEntry(category, newest.profile)] : [];
      });
      return { data };
    }
    const { category } = query;
    if (!category) {
      throw new ApiFailure(400, 'bad-request', {
        details: [{ path: '/query/category', message: "must have required property 'category'" }],
      });
    }
    return {
      data: categoryMembers(world, category)
        .page(query.offset)
        .map((s) => categoryEntry(category, s.profile)),
    };
  },

  listHomeSellers({ query }, { world, now }) {
    const sellers = query.from === 'top' ? topSellers(world) : query.from === 'new' ? newSellers(world, now) : luckySellers(world, now);
    return { data: sellers.map(homeSellerCard(now)) };
  },

  listHomeProducts({ query }, { world, now }) {
    return { data: homeProducts(world, now, query.from) };
  },

  listNewProducts({ query }, { world, now }) {
    return { data: newProductsPage(world, now, query.offset) };
  },
} satisfies Partial<HandlerMap>;
