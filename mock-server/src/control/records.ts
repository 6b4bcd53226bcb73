// Data in one call (issue 26, item 3): POST /__mock/records/{entity} makes a record of the caller's world
// from a partial one, the rest filled from the world's own seeded records (realistic Korean data of the
// fixtures' generator: a record of the same kind is the template, new ids and numbers are the world's);
// PATCH /__mock/records/{entity}/{id} changes one. Each record is checked against the contract's schema
// (openapi's schemaErrors) and the rules the sdk states (a market ends after it starts, a stock is -1 or
// more, an option's title is unique, ...) before it is written; an impossible one is a 400 `bad-request`
// naming why, and nothing changes. Writes go through the store's collections (insert, replace), so the
// id, foreign-key and search indexes follow; carts and receipts are made by the API's own rules (the cart
// handler, placeOrder).
import { personas } from '@creator-market/fixtures';
import { checkOrder, isInUse, MARKET_STATUS, USER_LEVEL } from '@creator-market/sdk/domain';
import type { components } from '@creator-market/sdk/generated/api';
import { schemaErrors } from '@creator-market/openapi/schemas';
import { addToCartEntry } from '../handlers/cart';
import { ApiFailure } from '../http/failure';
import { placeOrder, setReceiptStatus } from '../world/orders';
import { pairKey, type Account, type AddressRow, type MarketRow, type ProductRow, type Store } from '../world/store';
import type { World } from '../world/world';
import { badInput, closeMarket, findAccount, findMarket, sendNotification, type AccountRef, type NotificationInput } from './helpers';

type Schemas = components['schemas'];

export const RECORD_ENTITIES = ['sellers', 'markets', 'products', 'carts', 'receipts', 'addresses', 'notifications'] as const;
export type RecordEntity = (typeof RECORD_ENTITIES)[number];
/** The entities PATCH changes (carts and receipts change through the API and the receipt helpers). */
export const PATCHABLE_ENTITIES = ['sellers', 'markets', 'products', 'addresses'] as const;

export interface MadeRecord {
  entity: RecordEntity;
  id: string;
  record: unknown;
}

type Input = Record<string, unknown>;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const PERSONA_IDS: ReadonlySet<string> = new Set(personas.map((p) => p.id));

const isObject = (value: unknown): value is Input => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `base` with `change` put over it: objects field by field, anything else (arrays too) replaced. */
export function merged<T>(base: T, change: unknown): T {
  if (!isObject(base) || !isObject(change)) return (change === undefined ? base : change) as T;
  const out: Input = { ...base };
  for (const [key, value] of Object.entries(change)) {
    if (key === '__proto__' || key === 'constructor') continue;
    out[key] = merged(out[key], value);
  }
  return out as T;
}

/** A 400 listing every problem of an impossible record; nothing was written. */
function impossible(entity: RecordEntity, problems: string[]): ApiFailure {
  return new ApiFailure(400, 'bad-request', {
    message: `만들거나 바꿀 수 없는 ${entity} 레코드예요: ${problems.join('; ')}`,
    details: problems.map((problem) => ({ path: '/body', message: problem })),
  });
}

/** The contract's schema problems of `value` (`components/schemas/<schema>`), prefixed by where it is. */
function schemaProblems(schema: string, value: unknown, where = schema): string[] {
  return schemaErrors(schema, value).map((line) => `${where}: ${line}`);
}

/** A time field as epoch ms; a problem when it is not an ISO time. */
function timeOf(value: unknown, field: string, problems: string[]): number {
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms)) problems.push(`${field}는 ISO 시각이어야 해요 (받은 값: ${JSON.stringify(value)})`);
  return ms;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** One record of a collection chosen by the world's id counter: a template that differs from call to call. */
function pick<T>(items: readonly T[], store: Store): T | undefined {
  if (items.length === 0) return undefined;
  return items[store.state.counters.id % items.length];
}

function first<T>(items: Iterable<T>): T | undefined {
  for (const item of items) return item;
  return undefined;
}

/** The account a record belongs to: `{uid}` or `{persona}` (a persona id string also works). */
function ownerOf(store: Store, value: unknown, fallback: AccountRef): Account {
  if (typeof value === 'string')
    return findAccount(store, PERSONA_IDS.has(value) ? { persona: value as AccountRef['persona'] } : { uid: value });
  if (isObject(value)) return findAccount(store, value);
  return findAccount(store, fallback);
}

/** The seller account a market belongs to: by uid, persona or public id (its slug); the persona seller by default. */
function sellerAccountOf(store: Store, value: unknown): Account {
  if (typeof value === 'string') {
    const profile = store.sellers.one('publicId', value) ?? store.sellers.get(value);
    if (profile) return findAccount(store, { uid: profile._id });
  }
  const account = ownerOf(store, value, { persona: 'seller' });
  if (account.user.level !== USER_LEVEL.seller) throw badInput(`${account.uid}은(는) 작가 계정이 아니에요.`);
  return account;
}

function marketOf(store: Store, ref: unknown, entity: RecordEntity): MarketRow {
  if (typeof ref !== 'string') throw impossible(entity, ['marketId가 필요해요 (마켓의 _id, 또는 sellerPublicId:publicId)']);
  try {
    return findMarket(store, ref);
  } catch {
    throw impossible(entity, [`없는 마켓이에요: '${ref}'`]);
  }
}

// ---------------------------------------------------------------- rules of each entity

function marketProblems(market: Schemas['Market'], store: Store, sellerUid: string): string[] {
  const problems = schemaProblems('Market', market);
  const start = timeOf(market.marketST, 'marketST', problems);
  const end = timeOf(market.marketED, 'marketED', problems);
  if (Number.isFinite(start) && Number.isFinite(end) && end <= start)
    problems.push(`마켓의 끝(marketED ${market.marketED})이 시작(marketST ${market.marketST})보다 늦어야 해요`);
  if (market.marketUID !== market._id) problems.push('marketUID는 _id와 같아야 해요');
  const same = store.markets.one('sellerMarket', `${market.sellerPublicId}/${market.publicId}`);
  if (same && same.market._id !== market._id) problems.push(`이 작가에게 publicId ${market.publicId}인 마켓이 이미 있어요`);
  const seller = store.sellers.get(sellerUid);
  if (seller && seller.publicId !== market.sellerPublicId) problems.push(`sellerPublicId는 작가의 publicId(${seller.publicId})여야 해요`);
  return problems;
}

function productProblems(product: Schemas['Product']): string[] {
  const problems = schemaProblems('Product', product);
  const titles = new Set<string>();
  for (const [i, option] of (product.option ?? []).entries()) {
    if (titles.has(option.title)) problems.push(`option/${i}: 옵션 제목 '${option.title}'이(가) 겹쳐요`);
    titles.add(option.title);
    if (option.stock >= 0 && option.order > option.stock)
      problems.push(`option/${i}: 주문된 수(order ${option.order})가 재고(stock ${option.stock})보다 많아요`);
  }
  return problems;
}

// ---------------------------------------------------------------- making records

function makeSeller(world: World, input: Input): MadeRecord {
  const { store } = world;
  const now = world.clock.now();
  const crowd = [...store.accounts.all()].filter(
    (a) => a.user.level === USER_LEVEL.seller && a.persona === null && store.sellers.has(a.uid),
  );
  const template = pick(crowd, store) ?? findAccount(store, { persona: 'seller' });
  const profileTemplate = store.sellers.get(template.uid)!;
  const uid = store.newId(now).slice(0, 24);
  const publicId =
    typeof input.publicId === 'string' ? input.publicId : `${profileTemplate.publicId.slice(0, 24)}_${store.state.counters.id}`;
  const { account: accountChange, ...profileChange } = input;
  const profile = merged({ ...profileTemplate, _id: uid, publicId, subscribe: 0, openedmarketList: [] }, profileChange);
  const account = merged<Account>(
    { ...template, uid, persona: null, auth: { ...template.auth, uid }, user: { ...template.user, uid } },
    accountChange,
  );
  const problems = schemaProblems('CreatorProfile', profile);
  if (profile._id !== uid) problems.push('_id는 바꿀 수 없어요 (계정의 uid예요)');
  if (store.sellers.one('publicId', profile.publicId)) problems.push(`publicId '${profile.publicId}'인 작가가 이미 있어요`);
  if (problems.length) throw impossible('sellers', problems);
  store.accounts.insert(account);
  store.sellers.insert(profile);
  return { entity: 'sellers', id: uid, record: profile };
}

function makeMarket(world: World, input: Input): MadeRecord {
  const { store } = world;
  const now = world.clock.now();
  const { seller, startsInMs, endsInMs, ...change } = input;
  const account = sellerAccountOf(store, seller);
  const profile = store.sellers.get(account.uid);
  if (!profile) throw impossible('markets', [`${account.uid}의 작가 프로필이 없어요`]);
  const own = store.markets.by('seller', account.uid);
  const template = pick(own, store) ?? pick([...store.markets.all()], store)!;
  const _id = store.newId(now);
  const publicId = Math.max(0, ...own.map((r) => r.market.publicId)) + 1;
  // By default an open market: started an hour ago, ending in three days.
  const base: Schemas['Market'] = {
    ...template.market,
    _id,
    marketUID: _id,
    publicId,
    sellerPublicId: profile.publicId,
    sellerCategory: profile.category,
    marketST: iso(now - 60 * MINUTE_MS),
    marketED: iso(now + 3 * DAY_MS),
    publicTime: iso(now - DAY_MS),
    public: true,
    status: MARKET_STATUS.default,
  };
  const market = relativeTimes(merged(base, change), now, startsInMs, endsInMs);
  const problems = marketProblems(market, store, account.uid);
  if (market._id !== _id) problems.push('_id는 서버가 정해요');
  if (problems.length) throw impossible('markets', problems);
  store.markets.insert({ sellerUID: account.uid, market });
  return { entity: 'markets', id: _id, record: market };
}

/** `startsInMs` / `endsInMs`: the market's start and end that far from the world's now. */
function relativeTimes(market: Schemas['Market'], now: number, startsInMs: unknown, endsInMs: unknown): Schemas['Market'] {
  const out = { ...market };
  if (typeof startsInMs === 'number') out.marketST = iso(now + startsInMs);
  if (typeof endsInMs === 'number') out.marketED = iso(now + endsInMs);
  return out;
}

/** A product's options: each given option over the template's option at its place (or its first). */
function optionsOf(template: Schemas['ProductOption'][], given: unknown): unknown {
  if (!Array.isArray(given)) return template;
  return given.map((option, i) => merged({ ...(template[i] ?? template[0]!), order: 0, amount: 0 }, option));
}

function makeProduct(world: World, input: Input): MadeRecord {
  const { store } = world;
  const now = world.clock.now();
  const { marketId, option, ...change } = input;
  const marketRow = marketOf(store, marketId, 'products');
  const template = pick(store.products.by('market', marketRow.market._id), store) ?? pick([...store.products.all()], store)!;
  const _id = store.newId(now);
  const base: Schemas['Product'] = {
    ...template.product,
    _id,
    publicTime: iso(now),
    marketPublic: marketRow.market.public,
    marketStatus: marketRow.market.status,
    isScrap: false,
    useYN: true,
  };
  const product = merged(base, change);
  product.option = optionsOf(template.product.option, option) as Schemas['ProductOption'][];
  const problems = productProblems(product);
  if (product._id !== _id) problems.push('_id는 서버가 정해요');
  if (problems.length) throw impossible('products', problems);
  store.products.insert({ marketUID: marketRow.market._id, sellerUID: marketRow.sellerUID, product });
  return { entity: 'products', id: _id, record: product };
}

function makeAddress(world: World, input: Input): MadeRecord {
  const { store } = world;
  const now = world.clock.now();
  const { owner, ...change } = input;
  const account = ownerOf(store, owner, { persona: 'buyer' });
  const template = first(store.addresses.by('owner', account.uid)) ?? pick([...store.addresses.all()], store)!;
  const _id = store.newId(now);
  const address = merged({ ...template.address, _id, timestamp: iso(now) }, change);
  const problems = schemaProblems('Address', address);
  if (address._id !== _id) problems.push('_id는 서버가 정해요');
  if (problems.length) throw impossible('addresses', problems);
  store.addresses.insert({ ownerUid: account.uid, address });
  return { entity: 'addresses', id: _id, record: address };
}

function makeNotification(world: World, input: Input): MadeRecord {
  const { owner, ...rest } = input;
  const account = ownerOf(world.store, owner ?? (rest.uid === undefined && rest.persona === undefined ? undefined : rest), {
    persona: 'buyer',
  });
  const category = rest.category === 'seller' ? 'seller' : 'buyer';
  const notification = sendNotification(world, {
    uid: account.uid,
    category,
    title: typeof rest.title === 'string' ? rest.title : category === 'seller' ? '새 주문이 들어왔어요' : '주문하신 물품이 발송되었어요',
    contents: typeof rest.contents === 'string' ? rest.contents : '자세한 내용은 주문 내역에서 확인해주세요.',
    ...(typeof rest.receiptPublicId === 'string' ? { receiptPublicId: rest.receiptPublicId } : {}),
  } satisfies NotificationInput);
  return { entity: 'notifications', id: notification._id, record: notification };
}

interface LineInput {
  _id: string;
  option?: string;
  amount?: number;
}

/** Cart lines: each product's given option (or its first one on sale), one unit unless said. */
function linesOf(
  store: Store,
  marketRow: MarketRow,
  given: unknown,
  entity: RecordEntity,
): { _id: string; option: string; amount: number }[] {
  const list = Array.isArray(given) ? (given as LineInput[]) : [];
  if (list.length === 0) {
    // No lines given: the first product of the market with an option on sale.
    for (const { product } of store.products.by('market', marketRow.market._id)) {
      const option = product.useYN ? product.option.find((o) => o.useYN && (o.stock === -1 || o.stock > o.order)) : undefined;
      if (option) return [{ _id: product._id, option: option.title, amount: 1 }];
    }
    throw impossible(entity, ['이 마켓에 주문할 수 있는 물품이 없어요: productList를 보내주세요']);
  }
  return list.map((line, i) => {
    const row: ProductRow | undefined = isObject(line) && typeof line._id === 'string' ? store.products.get(line._id) : undefined;
    if (!row) throw impossible(entity, [`productList/${i}: 없는 물품이에요 (${JSON.stringify(isObject(line) ? line._id : line)})`]);
    const option = line.option ?? row.product.option.find((o) => o.useYN)?.title ?? '';
    return { _id: row.product._id, option, amount: line.amount ?? 1 };
  });
}

function makeCart(world: World, input: Input): { account: Account; marketRow: MarketRow; cart: Schemas['CartEntry'] } {
  const { store } = world;
  const account = ownerOf(store, input.owner, { persona: 'buyer' });
  const marketRow = marketOf(store, input.marketId, 'carts');
  const productList = linesOf(store, marketRow, input.productList, 'carts');
  const body = { marketId: marketRow.market._id, seller: marketRow.market.sellerPublicId, productList };
  return { account, marketRow, cart: addToCartEntry(store, account.uid, body, world.clock.now()) };
}

const ORDER_DEFAULTS = {
  memo: '',
  sns: { type: 1, id: 'creator_market_qa' },
  buyerAccount: { name: '김하늘', no: '1002345678901', type: '020' },
  payment: { option: 1, depositExpect: '' },
  cashReceipt: { useYN: false, isPersonal: true, no: '' },
};

/** The first delivery option in use whose weight limit the order's lines fit (the API's own check decides). */
function fittingDelivery(store: Store, marketRow: MarketRow, productList: Schemas['CartEntry']['productList']): string {
  const lines = productList.flatMap((line) => {
    const row = store.products.get(line._id);
    const option = row?.product.option.find((o) => o.title === line.option);
    return row && option ? [{ price: option.price, amount: line.amount, weight: row.product.weight }] : [];
  });
  const usable = marketRow.market.delivery.option.filter(isInUse);
  const fits = usable.find(
    (option) => checkOrder({ lines, deliveryOptions: usable, selectedTitle: option.title })?.rule !== 'weight-exceeded',
  );
  return (fits ?? usable[0] ?? marketRow.market.delivery.option[0])?.title ?? '택배';
}

function makeReceipt(world: World, input: Input): MadeRecord {
  const { store } = world;
  const now = world.clock.now();
  // The order goes through the cart, as in the app; a refused order leaves the cart as it was.
  const owner = ownerOf(store, input.owner, { persona: 'buyer' });
  const ownerMarket = pairKey(owner.uid, marketOf(store, input.marketId, 'receipts').market._id);
  const cartBefore = store.carts.one('ownerMarket', ownerMarket);
  try {
    return orderFromCart(world, input, now);
  } catch (err) {
    const cartNow = store.carts.one('ownerMarket', ownerMarket);
    if (cartBefore) store.carts.replace(cartBefore);
    else if (cartNow) store.carts.remove(cartNow.cart._id);
    throw err;
  }
}

function orderFromCart(world: World, input: Input, now: number): MadeRecord {
  const { store } = world;
  const { account, marketRow, cart } = makeCart(world, input);
  const address = first(store.addresses.by('owner', account.uid))?.address;
  const delivery = merged(
    {
      name: address?.name ?? '김하늘',
      tel: address?.tel ?? '+821012345678',
      addr: address?.addr ?? '서울특별시 마포구 와우산로 94',
      addr2: address?.addr2 ?? '3층 301호',
      zip: address?.zip ?? '04066',
      msg: address?.msg ?? '문 앞에 놓아주세요',
      title: fittingDelivery(store, marketRow, cart.productList),
    },
    input.delivery,
  );
  const request = merged(
    {
      ...ORDER_DEFAULTS,
      marketId: marketRow.market._id,
      cartId: cart._id,
      productList: cart.productList.map((line) => ({ _id: line._id, option: line.option, amount: line.amount })),
      delivery,
    },
    { ...(isObject(input.order) ? input.order : {}) },
  );
  const row = placeOrder(world, account, request as never, now);
  const status = input.status;
  if (status !== undefined) {
    if (status !== 1 && status !== 3 && status !== 4 && status !== 11) throw impossible('receipts', ['status는 1, 3, 4, 11 중 하나예요']);
    setReceiptStatus(world, row.receipt.publicId, status, isObject(input.statusChange) ? input.statusChange : {}, now);
  }
  const receipt = store.receipts.get(row.receipt._id)!.receipt;
  return { entity: 'receipts', id: receipt.publicId, record: receipt };
}

/** POST /__mock/records/{entity}: a new record of the caller's world made from `input`. */
export function makeRecord(world: World, entity: RecordEntity, input: Input): MadeRecord {
  let made: MadeRecord;
  switch (entity) {
    case 'sellers':
      made = makeSeller(world, input);
      break;
    case 'markets':
      made = makeMarket(world, input);
      break;
    case 'products':
      made = makeProduct(world, input);
      break;
    case 'addresses':
      made = makeAddress(world, input);
      break;
    case 'notifications':
      made = makeNotification(world, input);
      break;
    case 'carts': {
      const { cart } = makeCart(world, input);
      made = { entity, id: cart._id, record: cart };
      break;
    }
    case 'receipts':
      made = makeReceipt(world, input);
      break;
  }
  world.touched();
  return made;
}

// ---------------------------------------------------------------- changing records

function changeMarket(world: World, id: string, input: Input): MadeRecord {
  const { store } = world;
  const now = world.clock.now();
  const row = marketOf(store, id, 'markets');
  const { startsInMs, endsInMs, ...change } = input;
  const market = relativeTimes(merged(row.market, change), now, startsInMs, endsInMs);
  const problems = marketProblems(market, store, row.sellerUID);
  if (market._id !== row.market._id) problems.push('_id는 바꿀 수 없어요');
  if (problems.length) throw impossible('markets', problems);
  store.markets.replace({ ...row, market });
  // Its products carry a copy of its status and public flag.
  for (const { product } of store.products.by('market', market._id)) {
    if (product.marketStatus !== market.status || product.marketPublic !== market.public)
      store.products.update(product._id, (r) => ({
        ...r,
        product: { ...r.product, marketStatus: market.status, marketPublic: market.public },
      }));
  }
  if (market.status === MARKET_STATUS.closed && Date.parse(market.marketED) > now) closeMarket(world, market._id);
  return { entity: 'markets', id: market._id, record: store.markets.get(market._id)!.market };
}

function changeProduct(world: World, id: string, input: Input): MadeRecord {
  const { store } = world;
  const row = store.products.get(id);
  if (!row) throw new ApiFailure(404, 'not-found', { message: `이 세계에 없는 물품이에요: '${id}'` });
  const { option, marketId, ...change } = input;
  if (marketId !== undefined && marketId !== row.marketUID) throw impossible('products', ['물품의 마켓(marketId)은 바꿀 수 없어요']);
  const product = merged(row.product, change);
  if (Array.isArray(option)) product.option = option.map((o, i) => merged(row.product.option[i] ?? row.product.option[0]!, o));
  const problems = productProblems(product);
  if (product._id !== row.product._id) problems.push('_id는 바꿀 수 없어요');
  if (problems.length) throw impossible('products', problems);
  store.products.replace({ ...row, product });
  return { entity: 'products', id, record: product };
}

function changeSeller(world: World, id: string, input: Input): MadeRecord {
  const { store } = world;
  const profile = store.sellers.get(id) ?? store.sellers.one('publicId', id);
  if (!profile) throw new ApiFailure(404, 'not-found', { message: `이 세계에 없는 작가예요: '${id}'` });
  const next = merged(profile, input);
  const problems = schemaProblems('CreatorProfile', next);
  if (next._id !== profile._id) problems.push('_id는 바꿀 수 없어요');
  if (next.publicId !== profile.publicId) problems.push('publicId는 바꿀 수 없어요 (마켓과 주문이 그 이름을 가리켜요)');
  if (problems.length) throw impossible('sellers', problems);
  store.sellers.replace(next);
  return { entity: 'sellers', id: next._id, record: next };
}

function changeAddress(world: World, id: string, input: Input): MadeRecord {
  const { store } = world;
  const row: AddressRow | undefined = store.addresses.get(id);
  if (!row) throw new ApiFailure(404, 'not-found', { message: `이 세계에 없는 배송지예요: '${id}'` });
  const { owner: _owner, ...change } = input;
  const address = merged(row.address, change);
  const problems = schemaProblems('Address', address);
  if (address._id !== row.address._id) problems.push('_id는 바꿀 수 없어요');
  if (problems.length) throw impossible('addresses', problems);
  store.addresses.replace({ ...row, address });
  return { entity: 'addresses', id, record: address };
}

/** PATCH /__mock/records/{entity}/{id}: the record of the caller's world with `input` put over it. */
export function changeRecord(world: World, entity: RecordEntity, id: string, input: Input): MadeRecord {
  let changed: MadeRecord;
  switch (entity) {
    case 'markets':
      changed = changeMarket(world, id, input);
      break;
    case 'products':
      changed = changeProduct(world, id, input);
      break;
    case 'sellers':
      changed = changeSeller(world, id, input);
      break;
    case 'addresses':
      changed = changeAddress(world, id, input);
      break;
    default:
      throw badInput(
        `${entity}는 PATCH로 바꾸지 않아요: 장바구니는 API(/cart/...)로, 주문은 POST /__mock/receipts/{publicId}/status와 /deposit으로 바꿔주세요.`,
      );
  }
  world.touched();
  return changed;
}
