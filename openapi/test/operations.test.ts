import { describe, expect, it } from 'vitest';
import {
  adOperations,
  adsDocument,
  findOperation,
  listOperations,
  matchPathTemplate,
  operations,
  productDocument,
  type OpenApiDocument,
} from '../src/index';
import shopJson from './fixtures/shop.bundled.json' with { type: 'json' };

const shop = shopJson as unknown as OpenApiDocument;

describe('listOperations (shop fixture)', () => {
  it('derives one row per operation from the document', () => {
    expect(listOperations(shop)).toEqual([
      { operationId: 'listItems', method: 'get', path: '/item/list', tag: 'item', guest: true, hasBody: false, summary: 'List items' },
      {
        operationId: 'getItem',
        method: 'get',
        path: '/item/get/{itemId}',
        tag: 'item',
        guest: false,
        hasBody: false,
        summary: 'Get one item',
      },
      { operationId: 'addOrder', method: 'post', path: '/order/add', tag: 'order', guest: false, hasBody: true, summary: 'Order an item' },
    ]);
  });

  it('falls back to the global security requirement, and treats no requirement at all as open', () => {
    const document: OpenApiDocument = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/a': { get: { operationId: 'a', responses: {} } },
        '/b': { get: { operationId: 'b', security: [{ key: [] }], responses: {} } },
      },
    };
    expect(listOperations(document).map((row) => [row.operationId, row.guest])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect(listOperations({ ...document, security: [{ key: [] }] }).map((row) => row.guest)).toEqual([false, false]);
  });

  it('refuses an operation without an operationId', () => {
    const document: OpenApiDocument = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/a': { post: { responses: {} } } },
    };
    expect(() => listOperations(document)).toThrow('POST /a has no operationId');
  });
});

describe('matchPathTemplate', () => {
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    servers: [{ url: 'http://127.0.0.1:4010/ads' }],
    paths: { '/room/{roomId}': {}, '/room/pin': {}, '/receipt/get/{publicId}': {}, '/m/{sellerId}/{marketId}': {}, '/request': {} },
  };

  it('matches concrete paths and URLs to their template', () => {
    expect(matchPathTemplate(document, '/receipt/get/261121000123')).toBe('/receipt/get/{publicId}');
    expect(matchPathTemplate(document, '/receipt/get/261121000123?from=push#top')).toBe('/receipt/get/{publicId}');
    expect(matchPathTemplate(document, 'http://127.0.0.1:4010/m/mallang_studio/3')).toBe('/m/{sellerId}/{marketId}');
    expect(matchPathTemplate(document, '/m/{sellerId}/{marketId}')).toBe('/m/{sellerId}/{marketId}');
  });

  it('prefers a literal segment over a parameter', () => {
    expect(matchPathTemplate(document, '/room/pin')).toBe('/room/pin');
    expect(matchPathTemplate(document, '/room/6650f1c2a9d3e4b5c6d7e8f9')).toBe('/room/{roomId}');
  });

  it('accepts the server path prefix and rejects what does not match', () => {
    expect(matchPathTemplate(document, '/ads/request?unit=x')).toBe('/request');
    expect(matchPathTemplate(document, '/receipt/get/')).toBeUndefined();
    expect(matchPathTemplate(document, '/receipt/get/1/2')).toBeUndefined();
    expect(matchPathTemplate(document, '/nowhere')).toBeUndefined();
  });

  it('findOperation finds by id or by method and concrete path', () => {
    expect(findOperation(shop, { operationId: 'getItem' })?.info.path).toBe('/item/get/{itemId}');
    expect(findOperation(shop, { method: 'GET', path: '/item/get/abc' })?.info.operationId).toBe('getItem');
    expect(findOperation(shop, { method: 'POST', path: '/item/get/abc' })).toBeUndefined();
  });
});

/** The team's operation table (decisions.md): method, path, operationId, tag. */
const decidedOperations = [
  ['GET', '/user/me', 'getMe', 'user'],
  ['POST', '/user', 'updateUser', 'user'],
  ['POST', '/user/valid-account', 'validateUserAccount', 'user'],
  ['POST', '/receipt/valid-account', 'validateReceiptAccount', 'receipt'],
  ['POST', '/user/valid-phone', 'validatePhone', 'user'],
  ['POST', '/upload/v2/user-profile', 'uploadUserProfile', 'user'],
  ['POST', '/auth/unregister/user', 'unregisterUser', 'auth'],
  ['POST', '/device/add', 'addDevice', 'device'],
  ['GET', '/device', 'listDevices', 'device'],
  ['GET', '/subscribe/getsubscriberlist', 'getSubscribedSellerIds', 'subscribe'],
  ['GET', '/subscribe/list', 'listSubscriptions', 'subscribe'],
  ['POST', '/subscribe/add', 'addSubscription', 'subscribe'],
  ['POST', '/subscribe/cancel', 'cancelSubscription', 'subscribe'],
  ['GET', '/alarm', 'listAlarms', 'alarm'],
  ['POST', '/alarm/add', 'addAlarm', 'alarm'],
  ['POST', '/alarm/delete', 'deleteAlarm', 'alarm'],
  ['GET', '/cart/v2/get', 'listCarts', 'cart'],
  ['GET', '/cart/v2/get/single', 'getCart', 'cart'],
  ['POST', '/cart/add/common', 'addToCart', 'cart'],
  ['POST', '/cart/update', 'updateCart', 'cart'],
  ['POST', '/cart/delete', 'deleteCart', 'cart'],
  ['POST', '/cart/update/delivery-option/{cartId}', 'updateCartDeliveryOption', 'cart'],
  ['GET', '/common/v2/opened-market', 'listOpenedMarkets', 'home'],
  ['GET', '/common/v2/banner', 'getBanners', 'home'],
  ['GET', '/common/v2/seller-ctg', 'listCategorySellers', 'home'],
  ['GET', '/common/v2/seller', 'listHomeSellers', 'home'],
  ['GET', '/common/v2/seller/{sellerPID}', 'getSeller', 'seller'],
  ['GET', '/common/v2/seller/opened-market/{sellerPID}', 'listSellerOpenedMarkets', 'seller'],
  ['GET', '/common/v2/reco-seller', 'listRecommendedSellers', 'seller'],
  ['GET', '/common/v2/product', 'listHomeProducts', 'home'],
  ['GET', '/common/v2/new-product', 'listNewProducts', 'home'],
  ['GET', '/common/v2/preview', 'listPreviews', 'preview'],
  ['GET', '/common/v2/search-keyword', 'getHotKeywords', 'search'],
  ['GET', '/common/v2/search-seller', 'searchSellers', 'search'],
  ['GET', '/common/v2/search-product', 'searchProducts', 'search'],
  ['GET', '/common/market/get/{sellerId}/{marketId}', 'getMarket', 'market'],
  ['GET', '/common/preview/list', 'listSellerPreviews', 'preview'],
  ['POST', '/feed/delete/preview/{previewId}', 'deletePreview', 'preview'],
  ['GET', '/notification/message', 'listNotifications', 'notification'],
  ['GET', '/notification/market', 'getSellerTransactionForm', 'notification'],
  ['GET', '/notification/test-notification', 'sendTestNotification', 'notification'],
  ['GET', '/address/get-primary', 'getPrimaryAddress', 'address'],
  ['GET', '/address/list', 'listAddresses', 'address'],
  ['POST', '/address/set-primary', 'setPrimaryAddress', 'address'],
  ['POST', '/address/add', 'addAddress', 'address'],
  ['POST', '/address/update', 'updateAddress', 'address'],
  ['POST', '/address/delete', 'deleteAddress', 'address'],
  ['GET', '/room', 'listRooms', 'room'],
  ['GET', '/room/pin', 'listPinnedRooms', 'room'],
  ['POST', '/room/pin', 'pinRoom', 'room'],
  ['GET', '/room/receipt', 'listRoomReceipts', 'room'],
  ['GET', '/room/info/{roomId}', 'getRoomInfo', 'room'],
  ['POST', '/receipt/insert', 'insertReceipt', 'receipt'],
  ['GET', '/receipt/get/{publicId}', 'getReceipt', 'receipt'],
  ['POST', '/receipt/memo', 'updateReceiptMemo', 'receipt'],
  ['POST', '/receipt/change-status', 'changeReceiptStatus', 'receipt'],
  ['POST', '/receipt/sns', 'updateReceiptSns', 'receipt'],
  ['POST', '/receipt/delivery', 'updateReceiptDelivery', 'receipt'],
  ['POST', '/receipt/cashreceipt', 'updateReceiptCashReceipt', 'receipt'],
  ['GET', '/receipt/payment', 'getReceiptPayment', 'receipt'],
  ['GET', '/hecto/naver/param', 'getNaverPayParams', 'payment'],
  ['GET', '/hecto/kakao/param', 'getKakaoPayParams', 'payment'],
  ['POST', '/payple/pay/v2/appcard', 'payWithAppCard', 'payment'],
  ['POST', '/settlebank/vbank/getnum', 'issueVirtualAccount', 'payment'],
  ['GET', '/auth/v2/apple', 'signInWithApple', 'auth'],
  ['GET', '/auth/v2/kakao', 'signInWithKakao', 'auth'],
] as const;

describe('the product document', () => {
  it('has exactly the decided operations, with their ids, paths and tags', () => {
    const actual = operations.map((row) => [row.method.toUpperCase(), row.path, row.operationId, row.tag]);
    expect([...actual].sort()).toEqual(decidedOperations.map((row) => [...row]).sort());
  });

  it('marks guest operations in their description, and gives every other operation a 401', () => {
    for (const row of operations) {
      const operation = findOperation(productDocument, row)?.operation;
      if (row.guest) expect(operation?.description?.replace(/\s+/g, ' '), row.operationId).toContain('Guests may call this.');
      else expect(Object.keys(operation?.responses ?? {}), row.operationId).toContain('401');
    }
  });

  it('answers every JSON success with the {data} envelope and every JSON error with ErrorBody', () => {
    const errorBody = { $ref: '#/components/schemas/ErrorBody' };
    // An error schema is ErrorBody itself, or ErrorBody narrowed with allOf (e.g. to the codes the operation can produce).
    const isErrorBody = (schema: Record<string, unknown>) =>
      schema.$ref === errorBody.$ref ||
      (Array.isArray(schema.allOf) &&
        schema.allOf.some((part: unknown) => typeof part === 'object' && part !== null && '$ref' in part && part.$ref === errorBody.$ref));
    for (const row of operations) {
      const operation = findOperation(productDocument, row)?.operation;
      for (const [status, declared] of Object.entries(operation?.responses ?? {})) {
        const response = '$ref' in declared ? productDocument.components?.responses?.[declared.$ref.split('/').pop() ?? ''] : declared;
        if (!response || '$ref' in response) throw new Error(`${row.operationId} ${status}: unresolved response`);
        const schema = response.content?.['application/json']?.schema as Record<string, unknown> | undefined;
        if (!schema) continue;
        if (status.startsWith('2')) {
          expect(schema, `${row.operationId} ${status}`).toMatchObject({ type: 'object', required: ['data'], additionalProperties: false });
          expect(Object.keys(schema.properties as object), `${row.operationId} ${status}`).toEqual(['data']);
        } else {
          expect(isErrorBody(schema), `${row.operationId} ${status}: ${JSON.stringify(schema).slice(0, 120)}`).toBe(true);
        }
      }
    }
  });
});

describe('the ads document', () => {
  it('has the one ad request operation', () => {
    expect(adOperations.map((row) => [row.method, row.path, row.operationId])).toEqual([['get', '/request', 'requestAd']]);
    expect(adsDocument.openapi).toMatch(/^3\.1\./);
  });
});
