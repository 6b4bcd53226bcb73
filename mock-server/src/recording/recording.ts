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
// token names it, else the uid the profile (getMe, updateUser) answered for the same token, else the
// session's: the uid of the latest profile answer. A HAR exported by Chrome has no Authorization headers at
// all, so there the session is all there is (./har: each entry belongs to the profile answer before it).
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { productDocument, type OperationInfo } from '@creator-market/openapi';
import type { Violation } from '@creator-market/openapi/contract';
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
import { recordingKey, StandIns } from './standins';

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
  /** Made at the first personal value: reading a recording back neither needs nor makes its key. */
  private standInsOf: StandIns | null = null;
  /** The uid the profile answered, by a hash of the token it was asked with. */
  private readonly uidByToken = new Map<string, string>();
  /** The latest profile answer's uid: the caller of a request that names none (a HAR without its headers). */
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

  private get standIns(): StandIns {
    return (this.standInsOf ??= new StandIns(recordingKey(this.dir)));
  }

  /**
   * Learns who the caller is from a profile answer (getMe's `data.user.uid`, updateUser's `data.uid`): the
   * token it was asked with, and (`session`) the caller of what follows without one. The uid, or null when
   * the answer is not a profile.
   */
  learnCaller(answer: ObservedAnswer, session = true): string | null {
    if (answer.status !== 200) return null;
    const data = (answer.body as { data?: { uid?: unknown; user?: { uid?: unknown } } } | undefined)?.data;
    const uid = answer.op.operationId === 'getMe' ? data?.user?.uid : answer.op.operationId === 'updateUser' ? data?.uid : undefined;
    if (typeof uid !== 'string') return null;
    const token = bearerToken(answer.authorization);
    if (token) this.uidByToken.set(hashOf(token), uid);
    if (session) this.sessionUid = uid;
    return uid;
  }

  private callerUid(authorization: string | undefined): string | null {
    const token = bearerToken(authorization);
    return (token && (verifyToken(token) ?? this.uidByToken.get(hashOf(token)))) || this.sessionUid;
  }

  /**
   * An answer that broke the contract: kept in violations.jsonl, never imported. Its violations say where and
   * what, not the value (it may be personal: the body has it, in its place); in the body, personal data is
   * replaced and what the contract does not declare is kept as its type only ('(string)'): a field the
   * contract does not know may hold anything, personal data the stand-ins cannot recognise included.
   */
  violation(answer: ObservedAnswer, violations: readonly Violation[]): void {
    this.counts.violations += 1;
    if (!this.dir) return;
    const line = {
      at: new Date().toISOString(),
      operationId: answer.op.operationId,
      method: answer.method,
      path: answer.path,
      query: answer.query,
      status: answer.status,
      violations: violations.map((v) => `${v.where || '(body)'}: ${v.message.replace(/ \(got [\s\S]*\)$/, '')}`),
      // An error of a status the operation does not declare still has the one error shape (its code is kept).
      body: this.standIns.scrub(
        declaredOnly(responseSchema(answer.op, answer.status) ?? (answer.status >= 400 ? ERROR_BODY : undefined), answer.body),
      ),
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
    const schema = responseSchema(answer.op, answer.status);
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

  /** A record of a recording read back (Recording.read checked it against its schema), merged by id. */
  adopt<K extends RecordKind>(kind: K, row: RecordedWorld[K][number]): void {
    (this.rows[kind] as Map<string, typeof row>).set(ID_OF[kind](row), row);
    this.dirty.add(kind);
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

const components = productDocument.components as { schemas: Record<string, Schema>; responses?: Record<string, Schema> };
const ERROR_BODY: Schema = { $ref: '#/components/schemas/ErrorBody' };

/** The JSON schema of the operation's answer of this status, if the contract declares one. */
function responseSchema(op: OperationInfo, status: number): Schema | undefined {
  const responses = (productDocument.paths?.[op.path]?.[op.method] as { responses?: Record<string, Schema> } | undefined)?.responses;
  let response = responses?.[String(status)] ?? responses?.default;
  const ref = response?.$ref;
  if (typeof ref === 'string') response = components.responses?.[ref.split('/').pop()!];
  return (response?.content as Record<string, { schema?: Schema }> | undefined)?.['application/json']?.schema;
}

/** The schema a `$ref` names (itself when it is none). */
function resolved(schema: Schema): Schema {
  const ref = schema.$ref;
  return typeof ref === 'string' ? (components.schemas[ref.split('/').pop()!] ?? {}) : schema;
}

/** The schemas `schema` is made of: itself and its allOf/anyOf/oneOf parts, resolved. */
function partsOf(schema: Schema, depth: number): Schema[] {
  const own = resolved(schema);
  const parts = (['allOf', 'anyOf', 'oneOf'] as const).flatMap((key) => (Array.isArray(own[key]) ? (own[key] as Schema[]) : []));
  return depth > 12 ? [own] : [own, ...parts.flatMap((part) => partsOf(part, depth + 1))];
}

/** `value` with what `schema` does not declare (every part of it, without a schema) kept as its type only. */
function declaredOnly(schema: Schema | undefined, value: unknown): unknown {
  if (value === null) return null;
  if (Array.isArray(value)) {
    const items = schema ? partsOf(schema, 0).find((part) => part.items)?.items : undefined;
    return value.map((item) => declaredOnly(items as Schema | undefined, item));
  }
  if (typeof value !== 'object') return schema ? value : `(${typeof value})`;
  const parts = schema ? partsOf(schema, 0) : [];
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const declared = parts.map((part) => (part.properties as Record<string, Schema> | undefined)?.[key]).find(Boolean);
    const additional = parts.map((part) => part.additionalProperties).find((a): a is Schema => typeof a === 'object' && a !== null);
    out[key] = declaredOnly(declared ?? additional, child);
  }
  return out;
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
    const target = components.schemas[name];
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
