// SPEC.md section 3, entity by entity: every field it lists is declared by the contract's schema for the
// entity, is served in a seeded record the mock answers, and every default it states is the schema's
// `default`. The list below is section 3 written as data (field paths: `a.b` a nested field, `a[].b` a field
// of the items of a list); a field counts as served when at least one of the served records has it (lists,
// optional parts). Entities the product API does not serve say where they live instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productDocument } from '@creator-market/openapi';
import { startTestServer, type TestServer } from './support/harness';

type Json = Record<string, unknown>;
type Persona = 'buyer' | 'seller';

interface SpecEntity {
  /** The entity as section 3 names it. */
  name: string;
  /** The contract's component schema for it. */
  schema: string;
  fields: string[];
  /** Section 3's defaults: field path -> value. */
  defaults?: Record<string, unknown>;
  /** How to read seeded records of it from the mock; null with the reason when the product API serves none. */
  served: { as: Persona; read: (api: Api) => Promise<unknown[]> } | { none: string };
  /** Fields the public answer leaves out, and the record that serves them instead. */
  elsewhere?: { fields: string[]; schema: string; as: Persona; read: (api: Api) => Promise<unknown[]> };
}

interface Api {
  get(path: string, query?: Record<string, string>): Promise<unknown>;
}

const SELLER = 'mallang_studio';

async function openMarketDetail(api: Api): Promise<Json> {
  const events = (await api.get('/common/v2/opened-market')) as Json[];
  const event = events.find((e) => e.sellerPublicId === SELLER) ?? events[0]!;
  return (await api.get(`/common/market/get/${String(event.sellerPublicId)}/${String(event.marketPublicId)}`)) as Json;
}

async function buyerReceipts(api: Api): Promise<unknown[]> {
  const rooms = (await api.get('/room')) as Json[];
  const groups = (
    await Promise.all(rooms.map(async (room) => (await api.get('/room/receipt', { seller: await roomSeller(api, room) })) as Json[]))
  ).flat();
  const ids = groups.flatMap((g) => (g.receipt as Json[]).map((r) => String(r.receiptPublicId)));
  return Promise.all(ids.map(async (id) => ((await api.get(`/receipt/get/${id}`)) as Json).receiptInfo));
}

async function roomSeller(api: Api, room: Json): Promise<string> {
  return String(((await api.get(`/room/info/${String(room._id)}`)) as Json).seller);
}

/** SPEC.md section 3 as data. */
const SECTION_3: SpecEntity[] = [
  {
    name: 'Creator profile',
    schema: 'CreatorProfile',
    fields: [
      '_id',
      '_ttl',
      'inquiry.tel',
      'inquiry.time',
      'sns[].type',
      'sns[].url',
      'category',
      'publicId',
      'bank.no',
      'bank.name',
      'bank.type',
      'bank.uploadDT',
      ...['mailOrderNo', 'terms', 'tel', 'subRegNo', 'type', 'regNo', 'addr', 'addr2', 'name', 'uploadDT', 'ceo', 'email'].map(
        (f) => `business.${f}`,
      ),
      'msg',
      'state',
      'fee',
      'info.phone',
      'info.name',
      'info.profile',
      'bgColor',
      'openedmarketList',
      'subscribe',
    ],
    defaults: { state: 2, fee: 0.05, subscribe: 0 },
    served: { as: 'buyer', read: async (api) => [await api.get(`/common/v2/seller/${SELLER}`), (await openMarketDetail(api)).seller] },
    // The public profile leaves out the bank account and the private phone: the seller's own record has them.
    elsewhere: {
      fields: ['bank.no', 'bank.name', 'bank.type', 'bank.uploadDT', 'info.phone'],
      schema: 'SellerRecord',
      as: 'seller',
      read: async (api) => [((await api.get('/user/me')) as Json).seller],
    },
  },
  {
    name: 'Market',
    schema: 'Market',
    fields: [
      '_id',
      'title',
      'desc',
      'cover',
      'fee',
      'cashReceipt',
      'publicId',
      'marketED',
      'marketST',
      'publicTime',
      'public',
      'status',
      'minPrice',
      'payment.option',
      'payment.expect',
      'notice.privacy',
      'notice.receipt',
      'notice.order',
      'delivery.expect',
      'delivery.option[].price',
      'delivery.option[].weight',
      'delivery.option[].useYN',
      'delivery.option[].title',
      'delivery.option[].desc',
      'shipDiscount.amount',
      'shipDiscount.minPrice',
      'marketUID',
      'sellerPublicId',
      'sellerCategory',
    ],
    defaults: { fee: 0.05, cashReceipt: false, public: true, status: 2, minPrice: 0, 'payment.option': [1] },
    served: { as: 'buyer', read: async (api) => [(await openMarketDetail(api)).market] },
  },
  {
    name: 'Product',
    schema: 'Product',
    fields: [
      '_id',
      'title',
      'weight',
      'limitAmount',
      'useYN',
      'payment',
      'desc',
      'option[].price',
      'option[].useYN',
      'option[].title',
      'option[].stock',
      'option[].order',
      'option[].amount',
      'tags',
      'cover',
      'promotion.list',
      'publicTime',
      'marketPublic',
      'marketStatus',
      'isScrap',
    ],
    defaults: { limitAmount: 0, payment: [1], marketPublic: true, marketStatus: 2, isScrap: false },
    served: { as: 'buyer', read: async (api) => (await openMarketDetail(api)).product as unknown[] },
  },
  {
    name: 'Product (list form)',
    schema: 'ProductSummary',
    fields: ['productUID', 'productCover', 'productTitle', 'productPriceMin', 'productPriceMax'],
    served: { as: 'buyer', read: async (api) => (await api.get('/common/v2/product', { from: 'topcart' })) as unknown[] },
  },
  {
    name: 'User (me)',
    schema: 'User',
    fields: [
      'name',
      'phone',
      'profileImage',
      'account.name',
      'account.no',
      'account.type',
      'cashReceipt.isPersonal',
      'cashReceipt.no',
      'sns.id',
      'sns.type',
      'bgColor',
      'level',
      'uid',
    ],
    defaults: { bgColor: '#07D1AE' },
    served: { as: 'buyer', read: async (api) => [((await api.get('/user/me')) as Json).user] },
  },
  {
    name: 'Seller record fetched with the user',
    schema: 'SellerRecord',
    fields: ['publicId', 'info.name', 'info.profile', 'bank', 'business', 'bgColor', 'inquiry.tel', 'inquiry.time'],
    served: { as: 'seller', read: async (api) => [((await api.get('/user/me')) as Json).seller] },
  },
  {
    name: 'Auth user',
    schema: 'AuthUser',
    fields: [
      'uid',
      'email',
      'emailVerified',
      'displayName',
      'photoURL',
      'phoneNumber',
      'isAnonymous',
      'providerData',
      'metadata.createdAt',
    ],
    served: { none: 'the sign-in provider (mock /auth pages and the app session), not an operation of the product API' },
  },
  {
    name: 'Address',
    schema: 'Address',
    fields: ['_id', 'name', 'tel', 'addr', 'addr2', 'zip', 'msg', 'status', 'timestamp'],
    served: { as: 'buyer', read: async (api) => (await api.get('/address/list')) as unknown[] },
  },
  {
    name: 'Cart entry',
    schema: 'CartEntry',
    fields: [
      '_id',
      'status',
      'seller.publicId',
      'seller.profile',
      'market',
      ...['_id', 'option', 'amount', 'productTitle', 'price', 'weight', 'stock', 'order', 'limitAmount', 'useYN', 'cover'].map(
        (f) => `productList[].${f}`,
      ),
      'deliveryOption.title',
      'timestamp',
    ],
    served: { as: 'buyer', read: async (api) => (await api.get('/cart/v2/get')) as unknown[] },
  },
  {
    name: 'Delivery option',
    schema: 'DeliveryOption',
    fields: ['title', 'desc', 'price', 'weight', 'useYN'],
    served: {
      as: 'buyer',
      read: async (api) => ((await openMarketDetail(api)).market as { delivery: { option: unknown[] } }).delivery.option,
    },
  },
  {
    name: 'Order request',
    schema: 'OrderRequest',
    fields: [
      'marketId',
      'memo',
      'productList[]._id',
      'productList[].amount',
      'productList[].option',
      ...['addr', 'addr2', 'msg', 'name', 'tel', 'zip', 'title'].map((f) => `delivery.${f}`),
      'sns',
      'buyerAccount',
      'payment.option',
      'payment.depositExpect',
      'remember.buyer',
      'remember.delivery',
      'remember.cashReceipt',
      'cashReceipt.useYN',
      'cashReceipt.isPersonal',
      'cashReceipt.no',
      'cartId',
    ],
    served: { none: 'a request body (POST /receipt/insert), sent by the app, never answered' },
  },
  {
    name: 'Receipt',
    schema: 'Receipt',
    fields: [
      '_id',
      'publicId',
      'timestamp',
      'status[].status',
      'status[].timestamp',
      'status[].desc',
      ...['name', 'tel', 'addr', 'addr2', 'zip', 'msg', 'price', 'title'].map((f) => `delivery.${f}`),
      'shipDiscounted',
      ...['title', 'option', 'amount', 'price', 'weight', 'cover', '_id'].map((f) => `productList[].${f}`),
      'memo',
      'receiptNotice',
      'sellerMsg',
      'packagingStatus',
      ...['type', 'name', 'no', 'expire', 'status'].map((f) => `paymentResult.${f}`),
      'cashReceipt',
      'buyerAccount',
      'sns',
      'invoice.company',
      'invoice.no',
      'payment.option',
    ],
    served: { as: 'buyer', read: buyerReceipts },
  },
  {
    name: 'Order room',
    schema: 'OrderRoom',
    fields: ['_id', 'sellerProfile', 'sellerName', 'timestamp', 'pinned'],
    served: { as: 'buyer', read: async (api) => (await api.get('/room')) as unknown[] },
  },
  {
    name: 'Room info',
    schema: 'RoomInfo',
    fields: ['seller', 'sellerPublicId', 'sellerName'],
    served: {
      as: 'buyer',
      read: async (api) => Promise.all(((await api.get('/room')) as Json[]).map((room) => api.get(`/room/info/${String(room._id)}`))),
    },
  },
  {
    name: 'Receipt group',
    schema: 'ReceiptGroup',
    fields: [
      '_id',
      'marketCover',
      'title',
      ...['_id', 'receiver', 'totalPrice', 'receiptTime', 'receiptPublicId', 'status'].map((f) => `receipt[].${f}`),
    ],
    served: {
      as: 'buyer',
      read: async (api) => {
        const rooms = (await api.get('/room')) as Json[];
        const groups = await Promise.all(rooms.map(async (room) => api.get('/room/receipt', { seller: await roomSeller(api, room) })));
        return (groups as unknown[][]).flat();
      },
    },
  },
  {
    name: 'Notification',
    schema: 'Notification',
    fields: ['_id', 'title', 'contents', 'timestamp', 'receiptPublicId', 'sellerProfile'],
    served: { as: 'buyer', read: async (api) => (await api.get('/notification/message', { msgCategory: 'buyer' })) as unknown[] },
  },
  {
    name: 'Preview',
    schema: 'Preview',
    fields: [
      'previewUID',
      'previewCover',
      'previewSchedule',
      'previewPublicTime',
      'previewPublicId',
      'previewImpressCount',
      'previewContents',
      'sellerUID',
      'isImpress',
      'sellerProfile',
      'sellerName',
      'publicId',
      'cover',
      'schedule',
      'public_dt',
    ],
    served: {
      as: 'buyer',
      read: async (api) => [
        ...((await api.get('/common/v2/preview')) as unknown[]),
        ...((await api.get('/common/preview/list', { sellerId: SELLER })) as unknown[]),
      ],
    },
  },
  {
    name: 'Alarm entry',
    schema: 'AlarmEntry',
    fields: ['_id', 'marketST', 'marketTitle', 'sellerPublicId', 'marketPublicId', 'at'],
    served: { as: 'buyer', read: async (api) => (await api.get('/alarm')) as unknown[] },
  },
  {
    name: 'Subscription',
    schema: 'Subscription',
    fields: ['sellerId', 'sellerPublicId', 'sellerProfile', 'sellerName', '_id'],
    served: { as: 'buyer', read: async (api) => (await api.get('/subscribe/list')) as unknown[] },
  },
  {
    name: 'Calendar event',
    schema: 'CalendarEvent',
    fields: ['marketUID', 'marketST', 'marketED', 'marketTitle', 'marketCover', 'sellerPublicId', 'marketPublicId'],
    served: { as: 'buyer', read: async (api) => (await api.get('/common/v2/opened-market')) as unknown[] },
  },
  {
    name: 'Banner',
    schema: 'BannerList',
    fields: ['bannerList[].bannerCover', 'bannerList[].sellerPublicId', 'bannerList[].marketPublicId', 'sorting'],
    served: { as: 'buyer', read: async (api) => [await api.get('/common/v2/banner', { from: 'top' })] },
  },
  {
    name: 'Seller category entry',
    schema: 'SellerCategoryEntry',
    fields: ['sellerCategory', 'sellerUID', 'sellerProfile'],
    served: { as: 'buyer', read: async (api) => (await api.get('/common/v2/seller-ctg', { category: 'stickers' })) as unknown[] },
  },
  {
    name: 'Hot keywords',
    schema: 'HotKeywords',
    fields: ['keywords', 'timestamp'],
    served: { as: 'buyer', read: async (api) => [await api.get('/common/v2/search-keyword')] },
  },
  {
    name: 'Device',
    schema: 'Device',
    fields: ['name', 'os', 'deviceToken'],
    served: { as: 'buyer', read: async (api) => (await api.get('/device')) as unknown[] },
  },
  {
    name: 'App version',
    schema: 'AppVersion',
    fields: ['app', 'build', 'lastest'],
    served: { none: "the native shell's getAppVersion bridge reply, not an operation of the product API" },
  },
  {
    name: 'Search paging',
    schema: 'SearchPaging',
    fields: ['dataCnt', 'page', 'pageCnt'],
    served: {
      as: 'buyer',
      read: async (api) => [((await api.get('/common/v2/search-product', { keyword: '스티커', page: '1' })) as Json).paging],
    },
  },
];

// ---------------------------------------------------------------- the contract's schemas

const components = (productDocument as { components: { schemas: Record<string, Json> } }).components.schemas;

function resolve(schema: Json): Json {
  let current = schema;
  while (typeof current.$ref === 'string') current = components[current.$ref.replace('#/components/schemas/', '')]!;
  return current;
}

/** The schemas a value of `schema` may follow: itself, its allOf/oneOf/anyOf parts, resolved. */
function variants(schema: Json): Json[] {
  const own = resolve(schema);
  const parts = ['allOf', 'oneOf', 'anyOf'].flatMap((k) => (own[k] as Json[] | undefined) ?? []);
  return [own, ...parts.flatMap(variants)];
}

/** The schemas of the field at `path` (empty when the contract does not declare it). */
function declared(schema: Json, path: string): Json[] {
  let current = variants(schema);
  for (const segment of path.split('.')) {
    const list = segment.endsWith('[]');
    const name = list ? segment.slice(0, -2) : segment;
    current = current.flatMap((s) => {
      const property = (s.properties as Record<string, Json> | undefined)?.[name];
      return property ? variants(property) : [];
    });
    if (list) current = current.flatMap((s) => (s.items ? variants(s.items as Json) : []));
  }
  return current;
}

// ---------------------------------------------------------------- served records

/** The values at `path` in the records (lists flattened where the path says `[]`); none when absent. */
function valuesAt(records: readonly unknown[], path: string): unknown[] {
  let current: unknown[] = [...records];
  for (const segment of path.split('.')) {
    const list = segment.endsWith('[]');
    const name = list ? segment.slice(0, -2) : segment;
    current = current.flatMap((value) =>
      value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, name) ? [(value as Json)[name]] : [],
    );
    if (list) current = current.flatMap((value) => (Array.isArray(value) ? (value as unknown[]) : []));
  }
  return current;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function apiAs(persona: Persona): Api {
  const token = server.token(persona);
  return {
    async get(path, query) {
      const res = await server.call('GET', path, { token, query });
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${res.text.slice(0, 200)}`);
      return (res.body as { data: unknown }).data;
    },
  };
}

describe('SPEC.md section 3: every entity field is declared, served and defaulted as the spec says', () => {
  for (const entity of SECTION_3) {
    describe(`${entity.name} (${entity.schema})`, () => {
      it('the contract declares every field', () => {
        const schema = components[entity.schema];
        expect(schema, `no schema ${entity.schema}`).toBeDefined();
        const missing = entity.fields.filter((field) => declared({ $ref: `#/components/schemas/${entity.schema}` }, field).length === 0);
        expect(missing).toEqual([]);
      });

      it("the contract's defaults are section 3's", () => {
        const wrong = Object.entries(entity.defaults ?? {}).flatMap(([field, value]) => {
          const schemas = declared({ $ref: `#/components/schemas/${entity.schema}` }, field);
          const given = schemas.find((s) => 'default' in s)?.default;
          return JSON.stringify(given) === JSON.stringify(value)
            ? []
            : [`${field}: ${JSON.stringify(given)}, spec ${JSON.stringify(value)}`];
        });
        expect(wrong).toEqual([]);
      });

      // Not served by the product API (its reason is in the list): the contract checks above are all there is.
      if ('none' in entity.served) return;
      const served = entity.served;
      it('a seeded record served by the mock has every field', async () => {
        const records = await served.read(apiAs(served.as));
        expect(records.length, 'no seeded record served').toBeGreaterThan(0);
        const publicFields = entity.fields.filter((field) => !entity.elsewhere?.fields.includes(field));
        expect(publicFields.filter((field) => valuesAt(records, field).length === 0)).toEqual([]);
        if (entity.elsewhere) {
          const own = await entity.elsewhere.read(apiAs(entity.elsewhere.as));
          expect(entity.elsewhere.fields.filter((field) => valuesAt(own, field).length === 0)).toEqual([]);
          const ownSchema = { $ref: `#/components/schemas/${entity.elsewhere.schema}` };
          expect(entity.elsewhere.fields.filter((field) => declared(ownSchema, field).length === 0)).toEqual([]);
        }
      });
    });
  }
});
