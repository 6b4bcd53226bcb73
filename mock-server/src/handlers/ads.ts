// ads: the separate ad service (its own OpenAPI document, served under /ads). One ad per placement unit,
// made from the world's real markets and products, the same for a (unit, ad user, Seoul day).
//
// The service authenticates with a fixed app key in `Authorization` (not a user token) and answers errors
// in its own shape `{code, msg}`: adapters check the key with `adKeyRejection` before running the handler
// (the operation is then run as a guest one) and reshape failures, forced scenarios included, with `toAdError`.
import { ownValue } from '../lib/own';
import type { components, operations } from '@creator-market/sdk/generated/ads';
import { seoulDayKey } from '@creator-market/sdk/domain';
import type { ErrorBody } from '../http/failure';
import { escapeHtml } from '../http/html';
import { hashText, listedMarkets, listedProductPool } from '../world/home-lists';
import type { Account, MarketRow, Store } from '../world/store';
import { sellerName, stateOf } from '../world/views';
import type { HandlerContext } from './types';

type AdResponse = components['schemas']['AdResponse'];
type AdError = components['schemas']['AdError'];
type AdFormat = components['schemas']['AdItem']['format'];

export type AdOperationId = keyof operations;

export interface AdHandlerRequest<K extends AdOperationId> {
  query: operations[K]['parameters']['query'];
  user: Account | null;
  origin: string;
}

export type AdHandler<K extends AdOperationId> = (
  req: AdHandlerRequest<K>,
  ctx: HandlerContext,
) => operations[K]['responses'][200]['content']['application/json'];
export type AdHandlerMap = { [K in AdOperationId]: AdHandler<K> };

/** The app's ad-service key, the whole `Authorization` header value (the ads document's `adKey`). */
export const AD_SERVICE_KEY = 'cm-ads-dev-key';

/** The 401 answer when `authorization` is not the app's key, else null. */
export function adKeyRejection(authorization: string | null | undefined): { status: 401; body: AdError } | null {
  if (authorization?.trim() === AD_SERVICE_KEY) return null;
  return { status: 401, body: { code: 'unauthorized', msg: '인증 키가 올바르지 않아요.' } };
}

/** The ad service's code of each error status its document declares (AdError). */
const AD_ERROR_CODES: Readonly<Record<number, AdError['code']>> = {
  400: 'bad-request',
  401: 'unauthorized',
  408: 'request-timeout',
  500: 'internal',
  504: 'gateway-timeout',
};

/**
 * A failure of the shared pipeline (or a forced scenario) in the ad service's own error shape `{code, msg}`.
 * A failure the ad document does not declare (a product API business code, a status it lacks) keeps the
 * product API's shape, which the ad document does not declare either: such a scenario is not offered on the
 * ad service (control/scenarios.ts, declaredOn).
 */
export function toAdError(status: number, body: ErrorBody): AdError | ErrorBody {
  const code = ownValue(AD_ERROR_CODES, String(status));
  const bodyCode = typeof body.data === 'string' ? body.data : body.data.code;
  if (!code || code !== bodyCode) return body;
  const detail = 'details' in body ? body.details?.[0] : undefined;
  const text = detail ? `${detail.path} ${detail.message}` : 'msg' in body ? body.msg : body.message;
  return { code, msg: (text || '요청을 처리하지 못했어요.').slice(0, 200) };
}

/** The app's placements and the format each shows (SPEC.md section 7; the ads document's `unit`). */
export const AD_UNITS: Readonly<Record<string, AdFormat>> = {
  'home-popup-android': 'popup',
  'home-popup-ios': 'popup',
  'home-top30-native': 'native',
  'top30-bottom-banner': 'banner',
  'home-cart-native-1': 'native',
  'home-cart-native-2': 'native',
  'market-product-top-banner': 'banner',
  'my-middle-banner': 'banner',
  'receipt-memo-bottom-banner': 'banner',
  'search-middle-banner': 'banner',
  'search-result-middle-banner': 'banner',
  'calendar-middle-banner': 'banner',
};

const NO_AD: AdResponse = { code: 204, msg: '노출할 광고가 없어요.', result: null, extra: null };

/** An item of `items` chosen by `seed`, trying the next ones when `usable` refuses it. */
function pickFrom<T>(items: readonly T[], seed: number, usable: (item: T) => boolean): T | undefined {
  for (let i = 0; i < items.length; i++) {
    const item = items[(seed + i) % items.length] as T;
    if (usable(item)) return item;
  }
  return undefined;
}

/** A banner or popup for a market that is open or opening soon. */
function marketAd(store: Store, row: MarketRow, format: 'banner' | 'popup', now: number): AdResponse {
  const { market } = row;
  const seller = store.sellers.get(row.sellerUID);
  const name = escapeHtml(seller ? sellerName(seller) : market.sellerPublicId);
  const title = escapeHtml(market.title);
  const copy = stateOf(row, now) === 'opened' ? '지금 주문할 수 있어요' : '곧 오픈해요, 알림을 설정해보세요';
  const href = `/m/${market.sellerPublicId}/${market.publicId}`;
  const image = `<img src="/img/banner/${market._id}.svg" alt="${title}">`;
  const ad =
    format === 'banner'
      ? `<a class="ad-banner" href="${href}">${image}<span>${name} 작가님의 ${title}, ${copy}</span></a>`
      : `<a class="ad-popup" href="${href}">${image}<strong>${title}</strong><span>${name} 작가님의 마켓이 ${copy}</span></a>`;
  return { code: 0, msg: 'success', result: { format, ad }, extra: null };
}

export const adHandlers: AdHandlerMap = {
  requestAd({ query }, { world, now }) {
    const format = ownValue(AD_UNITS, query.unit);
    if (!format) return NO_AD;
    // The same ad all day for one placement and ad user.
    const seed = hashText(`${query.unit}|${query.uid}|${seoulDayKey(now)}`);
    const { store } = world;

    if (format === 'native') {
      const product = pickFrom(listedProductPool(world, now), seed, (p) => p.endsAt >= now && p.summary.productPriceMin !== null);
      if (!product) return NO_AD;
      const { summary } = product;
      const title = escapeHtml(summary.productTitle);
      const href = `/p/${summary.sellerPublicId}/${summary.marketPublicId}#${summary.productUID}`;
      return {
        code: 0,
        msg: 'success',
        result: {
          format,
          ad: `<a class="ad-native" href="${href}"><img src="${escapeHtml(summary.productCover)}" alt="${title}"><strong>${title}</strong><span>${escapeHtml(summary.sellerName)}</span></a>`,
        },
        extra: {
          seller_name: summary.sellerName,
          product_name: summary.productTitle,
          min_price: summary.productPriceMin ?? 0,
          max_price: summary.productPriceMax ?? 0,
        },
      };
    }

    const market = pickFrom(listedMarkets(world, now), seed, (m) => m.endsAt >= now);
    return market ? marketAd(store, market.row, format, now) : NO_AD;
  },
};
