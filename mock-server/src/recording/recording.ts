// A recording: the world's entities as a real backend's answers carried them, turned into the world's
// own record shapes (fixtures' rows: a market with its seller's uid, a product with its market's, a cart
// with its owner...), personal data replaced by stand-ins (./standins), merged by id, and kept in a folder:
// one JSON file per kind of record, each written atomically (a temporary file renamed over it), plus
// violations.jsonl: the answers that broke the contract, with their violations, never imported.
//
// What an answer carries is found by walking its schema (openapi/bundled/product.json) beside it: every
// place the schema names an entity (Market, CreatorProfile, Product, CartEntry, Receipt, Notification,
// OrderRoom, Address, Me and the MarketDetail/ReceiptDetail that join them) gives a record. Records whose
// owner is the caller (carts, receipts, notifications, rooms, addresses) need the caller's uid: a mock's
// token names it, else the uid getMe answered for the same token, else the last getMe of the session.
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { productDocument, type OperationInfo } from '@creator-market/openapi';
import { schemaErrors } from '@creator-market/openapi/schemas';
import type {
  Account,
  AddressRow,
  CartRow,
  CreatorProfile,
  MarketRow,
  NotificationRow,
  ProductRow,
  ReceiptRow,
  RoomRow,
} from '@creator-market/fixtures';
import { bearerToken, verifyToken } from '../auth/tokens';
import { StandIns } from './standins';

/** The kinds of records a recording holds, by their collection's name in the world. */
export interface RecordedWorld {
  accounts: Account[];
  sellers: CreatorProfile[];
  markets: MarketRow[];
  products: ProductRow[];
  addresses: AddressRow[];
  carts: CartRow[];
  rooms: RoomRow[];
  receipts: ReceiptRow[];
  notifications: NotificationRow[];
}
export type RecordKind = keyof RecordedWorld;

export const RECORD_KINDS: readonly RecordKind[] = [
  'accounts',
  'sellers',
  'markets',
  'products',
  'addresses',
  'carts',
  'rooms',
  'receipts',
  'notifications',
];

/** Each kind's id, as the world's collection keys it. */
const ID_OF: { [K in RecordKind]: (row: RecordedWorld[K][number]) => string } = {
  accounts: (r) => r.uid,
  sellers: (r) => r._id,
  markets: (r) => r.market._id,
  products: (r) => r.product._id,
  addresses: (r) => r.address._id,
  carts: (r) => r.cart._id,
  rooms: (r) => r.room._id,
  receipts: (r) => r.receipt._id,
  notifications: (r) => r.notification._id,
};

/** The contract schema each kind's entity part must satisfy once its personal data is replaced. */
const SCHEMA_OF: { [K in RecordKind]: [(row: RecordedWorld[K][number]) => unknown, string][] } = {
  accounts: [
    [(r) => r.auth, 'AuthUser'],
    [(r) => r.user, 'User'],
  ],
  sellers: [[(r) => r, 'CreatorProfile']],
  markets: [[(r) => r.market, 'Market']],
  products: [[(r) => r.product, 'Product']],
  addresses: [[(r) => r.address, 'Address']],
  carts: [[(r) => r.cart, 'CartEntry']],
  rooms: [[(r) => r.room, 'OrderRoom']],
  receipts: [[(r) => r.receipt, 'Receipt']],
  notifications: [[(r) => r.notification, 'Notification']],
};

/** One answer, as the proxy got it or a HAR holds it. */
export interface ObservedAnswer {
  op: OperationInfo;
  method: string;
  /** The path as sent ('/receipt/get/261121000123'). */
  path: string;
  query: Record<string, string>;
  /** The request's Authorization header, if any. */
  authorization: string | undefined;
  requestBody: unknown;
  status: number;
  body: unknown;
}

type Schema = Record<string, unknown>;

const ENTITIES = new Set([
  'MarketDetail',
  'ReceiptDetail',
  'Market',
  'CreatorProfile',
  'Product',
  'CartEntry',
  'Receipt',
  'Notification',
  'OrderRoom',
  'Address',
  'Me',
]);

const emptyWorld = (): RecordedWorld => ({
  accounts: [],
  sellers: [],
  markets: [],
  products: [],
  addresses: [],
  carts: [],
  rooms: [],
  receipts: [],
  notifications: [],
});

/** A 24-hex id made from `text` (a room the recording implies but never saw). */
export function derivedId(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 24);
}

export class Recording {
  private readonly rows: { [K in RecordKind]: Map<string, RecordedWorld[K][number]> } = {
    accounts: new Map(),
    sellers: new Map(),
    markets: new Map(),
    products: new Map(),
    addresses: new Map(),
    carts: new Map(),
    rooms: new Map(),
    receipts: new Map(),
    notifications: new Map(),
  };
  private readonly standIns = new StandIns();
  /** The uid getMe answered, by a hash of the token it was asked with. */
  private readonly uidByToken = new Map<string, string>();
  /** The last getMe's uid: a HAR exported without its Authorization headers still has one person. */
  private sessionUid: string | null = null;
  private readonly dirty = new Set<RecordKind>();
  /** Answers imported, answers refused for violations, records refused by their schema after the stand-ins. */
  readonly counts = { answers: 0, violations: 0, refusedRecords: 0 };
  readonly refusals: string[] = [];

  /** A recording kept in `dir` (created when missing; its files read back and merged into). */
  constructor(readonly dir: string | null = null) {
    if (!dir) return;
    mkdirSync(dir, { recursive: true });
    for (const kind of RECORD_KINDS) {
      const file = join(dir, `${kind}.json`);
      if (!existsSync(file)) continue;
      const rows = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (!Array.isArray(rows)) throw new Error(`${file} must hold a JSON array of records`);
      for (const row of rows) this.put(kind, row as never, false);
    }
  }

  /** Reads a recording folder (nothing is written to it). */
  static read(dir: string): RecordedWorld {
    if (!existsSync(dir)) throw new Error(`no recording at ${dir}`);
    return new Recording(dir).world();
  }

  /** The records, by kind. */
  world(): RecordedWorld {
    const out = emptyWorld();
    for (const kind of RECORD_KINDS) (out[kind] as unknown[]) = [...this.rows[kind].values()];
    return out;
  }

  /** How many records of each kind. */
  sizes(): Record<RecordKind, number> {
    return Object.fromEntries(RECORD_KINDS.map((kind) => [kind, this.rows[kind].size])) as Record<RecordKind, number>;
  }

  /** Learns who a token belongs to from a getMe answer (HAR import runs this over every entry first). */
  learnCaller(answer: ObservedAnswer): void {
    if (answer.op.operationId !== 'getMe' || answer.status !== 200) return;
    const uid = (answer.body as { data?: { user?: { uid?: string } } })?.data?.user?.uid;
    if (typeof uid !== 'string') return;
    const token = bearerToken(answer.authorization);
    if (token) this.uidByToken.set(hashOf(token), uid);
    this.sessionUid = uid;
  }

  private callerUid(authorization: string | undefined): string | null {
    const token = bearerToken(authorization);
    if (token) return verifyToken(token) ?? this.uidByToken.get(hashOf(token)) ?? this.sessionUid;
    return null;
  }

  /** An answer that broke the contract: kept in violations.jsonl (personal data replaced), never imported. */
  violation(answer: ObservedAnswer, violations: readonly string[]): void {
    this.counts.violations += 1;
    if (!this.dir) return;
    const line = {
      at: new Date().toISOString(),
      operationId: answer.op.operationId,
      method: answer.method,
      path: answer.path,
      query: answer.query,
      status: answer.status,
      violations,
      body: this.standIns.scrub(answer.body),
    };
    appendFileSync(join(this.dir, 'violations.jsonl'), `${JSON.stringify(line)}\n`);
  }

  /** A conforming answer: its entities become records (and the folder's changed files are written). */
  observe(answer: ObservedAnswer): void {
    this.learnCaller(answer);
    if (answer.status < 200 || answer.status >= 300) return;
    this.counts.answers += 1;
    const caller = this.callerUid(answer.authorization);
    const found: [string, unknown][] = [];
    const response = (productDocument.paths?.[answer.op.path]?.[answer.op.method] as { responses?: Record<string, Schema> } | undefined)
      ?.responses?.[String(answer.status)];
    const schema = (response?.content as Record<string, { schema?: Schema }> | undefined)?.['application/json']?.schema;
    if (schema) walk(schema, answer.body, found, 0);
    for (const [entity, value] of found) this.entity(entity, value, caller, answer);
    this.afterOperation(answer, caller);
    this.flush();
  }

  /** What an operation's success removes (the recording follows the backend: an order takes its cart). */
  private afterOperation(answer: ObservedAnswer, caller: string | null): void {
    const body = answer.requestBody as Record<string, unknown> | undefined;
    // An order takes its cart; a deleted cart is gone.
    const takesCart = answer.op.operationId === 'insertReceipt' || answer.op.operationId === 'deleteCart';
    if (takesCart && typeof body?.cartId === 'string') this.remove('carts', body.cartId);
    if (answer.op.operationId === 'getRoomInfo' && caller) {
      const seller = (answer.body as { data?: { seller?: string } })?.data?.seller;
      const roomId = answer.path.split('/').pop();
      const room = roomId ? this.rows.rooms.get(roomId) : undefined;
      if (room && typeof seller === 'string' && !room.sellerUID) this.put('rooms', { ...room, sellerUID: seller });
    }
  }

  private entity(entity: string, value: unknown, caller: string | null, answer: ObservedAnswer): void {
    const v = value as Record<string, never>;
    switch (entity) {
      case 'MarketDetail': {
        const { market, seller, product } = v as unknown as {
          market: MarketRow['market'];
          seller: CreatorProfile;
          product: ProductRow['product'][];
        };
        this.put('sellers', seller);
        this.put('markets', { sellerUID: seller._id, market });
        for (const p of product) this.put('products', { marketUID: market._id, sellerUID: seller._id, product: p });
        return;
      }
      case 'ReceiptDetail': {
        const { marketInfo, sellerInfo, receiptInfo } = v as unknown as {
          marketInfo: MarketRow['market'];
          sellerInfo: CreatorProfile;
          receiptInfo: ReceiptRow['receipt'];
        };
        this.put('sellers', sellerInfo);
        this.putMarket(marketInfo, sellerInfo._id);
        if (caller) {
          const room = [...this.rows.rooms.values()].find((r) => r.ownerUid === caller && r.sellerUID === sellerInfo._id);
          this.put('receipts', {
            ownerUid: caller,
            sellerUID: sellerInfo._id,
            marketUID: marketInfo._id,
            roomId: room?.room._id ?? '',
            receipt: receiptInfo,
          });
        }
        return;
      }
      case 'CreatorProfile':
        return this.put('sellers', v as unknown as CreatorProfile);
      case 'Market':
        return this.putMarket(v as unknown as MarketRow['market'], null);
      case 'Me': {
        const me = v as unknown as { user: Account['user']; auth: Account['auth']; seller: Account['seller'] | null };
        return this.put('accounts', { uid: me.user.uid, persona: null, auth: me.auth, user: me.user, seller: me.seller ?? null });
      }
      case 'CartEntry':
        if (caller) this.put('carts', { ownerUid: caller, cart: v as unknown as CartRow['cart'] });
        return this.putMarket((v as unknown as CartRow['cart']).market, null);
      case 'Address':
        if (caller) this.put('addresses', { ownerUid: caller, address: v as unknown as AddressRow['address'] });
        return;
      case 'OrderRoom': {
        if (!caller) return;
        const room = v as unknown as RoomRow['room'];
        const known = this.rows.rooms.get(room._id);
        this.put('rooms', { ownerUid: caller, sellerUID: known?.sellerUID ?? '', room });
        return;
      }
      case 'Notification': {
        if (!caller) return;
        const category = answer.query.msgCategory === 'seller' ? 'seller' : 'buyer';
        const type = answer.query.msgType;
        const kind = type && type !== 'all' ? (type as NotificationRow['kind']) : null;
        const known = this.rows.notifications.get((v as unknown as NotificationRow['notification'])._id);
        this.put('notifications', {
          recipientUid: caller,
          category,
          kind: kind ?? known?.kind ?? null,
          notification: v as unknown as NotificationRow['notification'],
        });
        return;
      }
      case 'Receipt': {
        const receipt = v as unknown as ReceiptRow['receipt'];
        const known = this.rows.receipts.get(receipt._id);
        if (known) this.put('receipts', { ...known, receipt });
        return;
      }
      // A Product outside a MarketDetail has no market to belong to: known ones are updated.
      case 'Product': {
        const product = v as unknown as ProductRow['product'];
        const known = this.rows.products.get(product._id);
        if (known) this.put('products', { ...known, product });
        return;
      }
    }
  }

  /** A market; its seller's uid from the answer, a recorded seller of its publicId, or left for the replay to find. */
  private putMarket(market: MarketRow['market'], sellerUID: string | null): void {
    const known = this.rows.markets.get(market._id);
    const seller =
      sellerUID ?? known?.sellerUID ?? [...this.rows.sellers.values()].find((s) => s.publicId === market.sellerPublicId)?._id ?? '';
    this.put('markets', { sellerUID: seller, market });
  }

  /** A record already in the world's shape and scrubbed (read back from a recording), merged by id. */
  adopt<K extends RecordKind>(kind: K, row: RecordedWorld[K][number]): void {
    this.put(kind, row, false);
  }

  private put<K extends RecordKind>(kind: K, row: RecordedWorld[K][number], scrub = true): void {
    const clean = scrub ? this.standIns.scrub(row) : row;
    for (const [part, schema] of SCHEMA_OF[kind] as [(r: typeof clean) => unknown, string][]) {
      const errors = schemaErrors(schema, part(clean));
      if (errors.length) {
        this.counts.refusedRecords += 1;
        if (this.refusals.length < 20) this.refusals.push(`${kind} ${ID_OF[kind](clean)}: ${errors[0]}`);
        return;
      }
    }
    (this.rows[kind] as Map<string, typeof clean>).set(ID_OF[kind](clean), clean);
    this.dirty.add(kind);
  }

  private remove(kind: RecordKind, id: string): void {
    if (this.rows[kind].delete(id)) this.dirty.add(kind);
  }

  /** Writes the changed kinds' files, each atomically. */
  flush(): void {
    if (!this.dir) return this.dirty.clear();
    for (const kind of this.dirty) {
      const file = join(this.dir, `${kind}.json`);
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify([...this.rows[kind].values()], null, 1)}\n`);
      renameSync(temporary, file);
    }
    this.dirty.clear();
  }
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Collects (entity, value) wherever `schema` names an entity, walking `value` beside it. */
function walk(schema: Schema, value: unknown, found: [string, unknown][], depth: number): void {
  if (depth > 12 || value === undefined || value === null) return;
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const name = ref.split('/').pop()!;
    if (ENTITIES.has(name)) {
      found.push([name, value]);
      // The joined payloads are taken whole; an entity's own parts are not entities of their own.
      return;
    }
    const target = (productDocument.components as { schemas: Record<string, Schema> }).schemas[name];
    if (target) walk(target, value, found, depth + 1);
    return;
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) for (const part of list as Schema[]) walk(part, value, found, depth + 1);
  }
  if (Array.isArray(value) && schema.items) {
    for (const item of value) walk(schema.items as Schema, item, found, depth + 1);
    return;
  }
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (properties && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(properties)) walk(child, (value as Record<string, unknown>)[key], found, depth + 1);
  }
}
