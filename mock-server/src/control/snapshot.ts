// Reading a world snapshot (`PUT /__mock/state`, `--state FILE`): its format and shape are checked, every
// record against the contract's schema of its entity, and the world is built aside, so a bad file is
// refused with the reason and the running world is untouched.
import { schemaErrors } from '@creator-market/openapi/schemas';
import { CLOCK_RANGE, inClockRange } from '../world/clock';
import { World, type ChangeHook, type WorldSnapshot } from '../world/world';

export const SNAPSHOT_FORMAT: WorldSnapshot['format'] = 'creator-market-world@1';

/** Why a value is not a usable snapshot. */
export class SnapshotError extends Error {
  override name = 'SnapshotError';
}

/** Per collection of `world`, the fields every row must hold as strings (ids and the keys of indexes). */
const ROW_KEYS: Record<string, readonly string[]> = {
  accounts: ['uid'],
  sellers: ['_id', 'publicId'],
  markets: ['sellerUID', 'market._id', 'market.sellerPublicId'],
  products: ['marketUID', 'sellerUID', 'product._id'],
  previews: ['previewUID', 'sellerUID'],
  addresses: ['ownerUid', 'address._id'],
  subscriptions: ['ownerUid', 'subscription._id', 'subscription.sellerId'],
  alarms: ['ownerUid', 'alarm._id', 'alarm.marketUID'],
  devices: ['ownerUid', 'device.deviceToken'],
  carts: ['ownerUid', 'cart._id', 'cart.market._id'],
  rooms: ['ownerUid', 'sellerUID', 'room._id'],
  receipts: ['ownerUid', 'sellerUID', 'marketUID', 'roomId', 'receipt._id', 'receipt.publicId'],
  notifications: ['recipientUid', 'category', 'notification._id'],
};

/**
 * Per collection, the records' parts that are contract entities and the schema each must satisfy: an
 * imported world serves its records as they are, so a field the contract would refuse is refused here.
 */
const ROW_SCHEMAS: Record<string, readonly [path: string, schema: string][]> = {
  accounts: [
    ['auth', 'AuthUser'],
    ['user', 'User'],
    // Sellers' accounts only (null for a buyer).
    ['seller?', 'SellerRecord'],
  ],
  sellers: [['', 'CreatorProfile']],
  markets: [['market', 'Market']],
  products: [['product', 'Product']],
  previews: [['', 'Preview']],
  addresses: [['address', 'Address']],
  subscriptions: [['subscription', 'Subscription']],
  alarms: [['alarm', 'AlarmEntry']],
  devices: [['device', 'Device']],
  carts: [['cart', 'CartEntry']],
  rooms: [['room', 'OrderRoom']],
  receipts: [['receipt', 'Receipt']],
  notifications: [['notification', 'Notification']],
};

const STATE_OBJECTS = ['banners', 'hotKeywords', 'keywordCounts', 'phoneVerifications', 'uploads', 'counters'] as const;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function at(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) current = isObject(current) ? current[key] : undefined;
  return current;
}

/** The value as a WorldSnapshot, or a SnapshotError naming the first problem. */
export function parseSnapshot(value: unknown): WorldSnapshot {
  const fail = (reason: string): never => {
    throw new SnapshotError(reason);
  };
  if (!isObject(value)) fail('the snapshot must be a JSON object');
  const snapshot = value as Record<string, unknown>;
  if (snapshot.format !== SNAPSHOT_FORMAT)
    fail(`format must be '${SNAPSHOT_FORMAT}' (got ${JSON.stringify(snapshot.format) ?? 'nothing'})`);
  if (typeof snapshot.name !== 'string') fail('name must be a string');
  if (!Number.isInteger(snapshot.seed) || (snapshot.seed as number) < 0) fail('seed must be a non-negative integer');
  if (typeof snapshot.scale !== 'number' || !(snapshot.scale > 0)) fail('scale must be a positive number');
  if (typeof snapshot.clockOffsetMs !== 'number' || !inClockRange(Date.now() + snapshot.clockOffsetMs))
    fail(
      `clockOffsetMs must put the clock between ${new Date(CLOCK_RANGE.min).toISOString()} and ${new Date(CLOCK_RANGE.max).toISOString()}`,
    );

  const world = snapshot.world;
  if (!isObject(world)) fail('world must be an object');
  const data = world as Record<string, unknown>;
  for (const [collection, keys] of Object.entries(ROW_KEYS)) {
    const rows = data[collection];
    if (!Array.isArray(rows)) fail(`world.${collection} must be an array`);
    (rows as unknown[]).forEach((row, index) => {
      for (const key of keys) {
        if (typeof at(row, key) !== 'string') fail(`world.${collection}[${index}].${key} must be a string`);
      }
    });
  }
  if (!isObject(data.banners) || !isObject(data.hotKeywords)) fail('world.banners and world.hotKeywords must be objects');
  for (const [collection, parts] of Object.entries(ROW_SCHEMAS)) {
    (data[collection] as unknown[]).forEach((row, index) => {
      for (const [part, schema] of parts) {
        const path = part.replace(/\?$/, '');
        const value = path ? at(row, path) : row;
        if (part.endsWith('?') && (value === undefined || value === null)) continue;
        const errors = schemaErrors(schema, value);
        if (errors.length > 0) fail(`world.${collection}[${index}]${path ? `.${path}` : ''} is not a valid ${schema}: ${errors[0]}`);
      }
    });
  }
  for (const [key, schema] of [
    ['banners', 'BannerList'],
    ['hotKeywords', 'HotKeywords'],
  ] as const) {
    const errors = schemaErrors(schema, data[key]);
    if (errors.length > 0) fail(`world.${key} is not a valid ${schema}: ${errors[0]}`);
  }

  const state = snapshot.state;
  if (!isObject(state)) fail('state must be an object');
  for (const key of STATE_OBJECTS) if (!isObject((state as Record<string, unknown>)[key])) fail(`state.${key} must be an object`);
  const counters = (state as Record<string, Record<string, unknown>>).counters!;
  if (!Number.isInteger(counters.id) || !Number.isInteger(counters.receipt))
    fail('state.counters.id and state.counters.receipt must be integers');
  return value as WorldSnapshot;
}

/**
 * A world built from a snapshot, under the name `name` (the caller's world, whatever name it was exported
 * from). Records the store refuses (a duplicate id, say) are reported as a SnapshotError.
 */
export function worldFromSnapshot(snapshot: WorldSnapshot, name: string, onChange?: ChangeHook): World {
  try {
    return World.fromSnapshot({ ...snapshot, name }, onChange);
  } catch (err) {
    throw new SnapshotError(`the world cannot be rebuilt from it: ${(err as Error).message}`);
  }
}
