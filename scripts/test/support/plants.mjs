// @ts-check
// Planted contract changes for the contract diff's tests: each edits a copy of the bundled product document
// (never the file) the way a real change of openapi/ would, and says how the diff must classify it.
import { compareDocuments } from '../../contract-diff/compare.mjs';
import { impactOf } from '../../contract-diff/run.mjs';

/**
 * @typedef {{name: string, plant: (document: any) => void, expect: Array<{type: string, operationId: string,
 *   where: string, what: string}>, breaking: number, unclassified?: number}} Plant   `breaking`, `unclassified`: how
 *   many changes of the class in all (no unclassified one unless said)
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
    // Every operation answering a Market (7), each with the property and its required status.
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
    // Breaking by our rule (api-smart-diff: not breaking): the typed sdk's path key and parameter key change.
    expect: [
      {
        type: 'breaking',
        operationId: 'getSeller',
        where: 'path',
        what: "renamed '/common/v2/seller/{sellerPID}' -> '/common/v2/seller/{sellerPublicId}'",
      },
      { type: 'breaking', operationId: 'getSeller', where: 'path sellerPID', what: "name changed 'sellerPID' -> 'sellerPublicId'" },
    ],
    breaking: 2,
  },
  {
    name: "restructure a request schema (OrderRequest's properties and required moved into an allOf; the same body)",
    plant: (document) => {
      const { properties, required, ...rest } = document.components.schemas.OrderRequest;
      document.components.schemas.OrderRequest = { ...rest, allOf: [{ type: 'object', properties }, { required }] };
    },
    // api-smart-diff cannot tell: it must be reviewed and acknowledged.
    expect: [{ type: 'unclassified', operationId: 'insertReceipt', where: 'request body', what: 'properties removed' }],
    breaking: 0,
    unclassified: 1,
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
  {
    name: "control: an example changed (Market's example title), which api-smart-diff leaves unclassified",
    plant: (document) => {
      document.components.schemas.Market.example.title = '봄 스티커 마켓';
    },
    // Not breaking by our rule: an example is documentation, no client receives it.
    expect: [
      {
        type: 'non-breaking',
        operationId: 'getMarket',
        where: 'response 200 data.market',
        what: "example changed '겨울 스티커 마켓' -> '봄 스티커 마켓'",
      },
    ],
    breaking: 0,
  },
];

/**
 * The planted changes' table of docs/decisions/contract-diff.md, from a run of the diff over each plant: per
 * expected change the class expected and observed; per plant how many breaking changes in all and what they
 * touch (the operations, the app's screens that call them, the sdk's declarations beyond its client, the mock
 * handlers).
 * @param {import('../../contract-diff/compare.mjs').Documents} real the bundled documents the plants are made in a copy of
 * @param {string} impactRoot the repository whose app, sdk and mock server are read
 * @returns {string} a Markdown table
 */
export function plantTable(real, impactRoot) {
  const rows = [
    '| plant | change | expected | observed | breaking in all | what the breaking ones touch |',
    '| --- | --- | --- | --- | --- | --- |',
  ];
  const cell = (/** @type {string} */ text) => text.replace(/\|/g, '\\|');
  for (const { name, plant, expect } of PLANTS) {
    const product = structuredClone(real.product);
    plant(product);
    const changes = compareDocuments(real, { ...real, product });
    const breaking = changes.filter((c) => c.type === 'breaking');
    const operations = [...new Set(breaking.map((c) => c.operationId).filter((id) => id !== null))];
    const touched = operations.length ? impactOf(impactRoot, real, new Set(operations), breaking) : {};
    const uses = Object.values(touched);
    const screens = [...new Set(uses.flatMap((u) => u.screens.map((s) => s.slice(0, s.indexOf(' (')))))].sort();
    // The typed client by its name (each operation's own line names its path), then the sdk's other declarations.
    const sdk = [...new Set(uses.flatMap((u) => u.sdk.map((s) => (s.startsWith('ApiClient.') ? 'ApiClient' : s))))].sort();
    const touches = operations.length
      ? [
          `${operations.length} operation(s): ${operations.join(', ')}`,
          `screens: ${screens.join(', ') || 'none'}`,
          `sdk: ${sdk.join(', ') || 'nothing names it'}`,
          `mock: ${uses.flatMap((u) => u.mock).length} handler(s)`,
        ].join('; ')
      : '-';
    expect.forEach((expected, index) => {
      const found = changes.find((c) => c.operationId === expected.operationId && c.where === expected.where && c.what === expected.what);
      const first = index === 0;
      rows.push(
        `| ${first ? cell(name) : ''} | ${cell(`${expected.operationId} \`${expected.where}\` ${expected.what}`)} | ${expected.type} | ${found?.type ?? 'not found'}${found?.rule ? ` (${cell(found.rule)})` : ''} | ${first ? breaking.length : ''} | ${first ? cell(touches) : ''} |`,
      );
    });
  }
  return rows.join('\n');
}
