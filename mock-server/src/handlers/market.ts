// market: one market with its seller and all its products (the market and product screens).
import type { Schemas } from '@creator-market/sdk';
import { notFound } from '../http/failure';
import { marketKey, type MarketRow } from '../world/store';
import { profileTtl, publicProfile } from '../world/views';
import type { HandlerMap, RawResponse } from './types';

type MarketDetail = { data: Schemas['MarketDetail'] };

/**
 * The serialized answer per market row, with what it was made from. Records are immutable values (a change
 * replaces the row), so the bytes stay right while the row, its seller record and the world's products are
 * the same ones (the products collection and its version), the most requested page of the product (10 KB of JSON) is not serialized again per request.
 */
const serialized = new WeakMap<MarketRow, { products: object; productsVersion: number; seller: object; ttl: string; bytes: Uint8Array }>();
const utf8 = new TextEncoder();

export const marketHandlers = {
  getMarket({ params }, { world, now }): RawResponse {
    const { store } = world;
    const seller = store.sellers.one('publicId', params.sellerId);
    if (!seller) throw notFound('작가님');
    // `marketId` is the market's public number written in decimal ('012' is market 12); 0 means no market.
    const publicId = Number(params.marketId);
    const row = publicId === 0 ? undefined : store.markets.one('sellerMarket', marketKey(seller.publicId, publicId));
    if (!row || row.sellerUID !== seller._id || !row.market.public) throw notFound('마켓');

    let cached = serialized.get(row);
    const ttl = profileTtl(now);
    if (
      !cached ||
      cached.seller !== seller ||
      cached.ttl !== ttl ||
      cached.products !== store.products ||
      cached.productsVersion !== store.products.version
    ) {
      // Every product, including those not on sale: the app hides them (SPEC.md section 5).
      const product = store.products.by('market', row.market._id).map((r) => r.product);
      const body: MarketDetail = { data: { market: row.market, seller: publicProfile(seller, now), product } };
      cached = { products: store.products, productsVersion: store.products.version, seller, ttl, bytes: utf8.encode(JSON.stringify(body)) };
      serialized.set(row, cached);
    }
    return { raw: true, status: 200, contentType: 'application/json; charset=utf-8', body: cached.bytes };
  },
} satisfies Partial<HandlerMap>;
