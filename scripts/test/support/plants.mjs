// @ts-check
// Planted contract changes for the contract diff's tests: each edits a copy of the bundled product document
// (never the file) the way a real change of openapi/ would, and says how the diff must classify it.

/**
 * @typedef {{name: string, plant: (document: any) => void, expect: Array<{type: string, operationId: string,
 *   where: string, what: string}>, breaking: number}} Plant   `breaking`: how many breaking changes in all
 */

/** @type {Plant[]} */
export const PLANTS = [
  {
    name: 'remove a response field (Market.desc, which the Market screen shows)',
    plant: (document) => {
      const market = document.components.schemas.Market;
      delete market.properties.desc;
      market.required = market.required.filter((name) => name !== 'desc');
    },
    expect: [
      { type: 'breaking', operationId: 'getMarket', where: 'response 200 data.market.desc', what: 'removed' },
      { type: 'breaking', operationId: 'listCarts', where: 'response 200 data[].market.desc', what: 'removed' },
    ],
    // Every operation answering a Market (6), each with the property and its required status.
    breaking: 14,
  },
  {
    name: 'make a request field required (OrderRequest.remember)',
    plant: (document) => {
      document.components.schemas.OrderRequest.required.push('remember');
    },
    expect: [{ type: 'breaking', operationId: 'insertReceipt', where: 'request body remember', what: 'made required' }],
    breaking: 1,
  },
  {
    name: "narrow a request enum (listNotifications' msgType without 'cancel')",
    plant: (document) => {
      const parameter = document.paths['/notification/message'].get.parameters.find((p) => p.name === 'msgType');
      parameter.schema.enum = parameter.schema.enum.filter((value) => value !== 'cancel');
    },
    expect: [{ type: 'breaking', operationId: 'listNotifications', where: 'query msgType', what: "value 'cancel' removed" }],
    breaking: 1,
  },
  {
    name: "add an error code (addToCart's 400 'cart-locked')",
    plant: (document) => {
      const data = document.paths['/cart/add/common'].post.responses['400'].content['application/json'].schema.allOf[1].properties.data;
      data.anyOf[0].enum.push('cart-locked');
    },
    expect: [{ type: 'breaking', operationId: 'addToCart', where: 'response 400 data', what: "value 'cart-locked' added" }],
    breaking: 1,
  },
  {
    name: 'rename a path parameter (getSeller: sellerPID -> sellerPublicId; the URL a client sends is the same)',
    plant: (document) => {
      const item = document.paths['/common/v2/seller/{sellerPID}'];
      delete document.paths['/common/v2/seller/{sellerPID}'];
      item.get.parameters[0].name = 'sellerPublicId';
      document.paths['/common/v2/seller/{sellerPublicId}'] = item;
    },
    expect: [
      {
        type: 'non-breaking',
        operationId: 'getSeller',
        where: 'path',
        what: "renamed '/common/v2/seller/{sellerPID}' -> '/common/v2/seller/{sellerPublicId}'",
      },
      { type: 'non-breaking', operationId: 'getSeller', where: 'path sellerPID', what: "name changed 'sellerPID' -> 'sellerPublicId'" },
    ],
    breaking: 0,
  },
  {
    name: 'controls: an optional request field added, a response enum narrowed (SnsType without 10) — not breaking where only answered',
    plant: (document) => {
      document.components.schemas.OrderRequest.properties.giftMessage = { type: 'string', maxLength: 100 };
      const sns = document.components.schemas.SnsType;
      sns.enum = sns.enum.filter((value) => value !== 10);
    },
    expect: [
      { type: 'non-breaking', operationId: 'insertReceipt', where: 'request body giftMessage', what: 'added' },
      { type: 'non-breaking', operationId: 'getSeller', where: 'response 200 data.sns[].type', what: 'value 10 removed' },
      // The same enum narrowed where a client sends it is breaking.
      { type: 'breaking', operationId: 'updateUser', where: 'request body sns.type', what: 'value 10 removed' },
    ],
    // Every request sending an SnsType: updateUser, insertReceipt, updateReceiptSns.
    breaking: 3,
  },
];
