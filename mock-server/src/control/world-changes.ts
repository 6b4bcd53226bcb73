// A world as what it changed over the records generated for its seed, scale and instant: records put or
// removed per collection, its state's members, its uploads and its clock. Worlds are copy-on-write overlays,
// so this is small (a few KB after a checkout) where a whole snapshot is ~20 MB at scale 1. The browser door
// keeps its worlds this way across reloads (../doors/browser.ts). A world of an imported snapshot has no
// generated records under it: it is kept whole. No Node-only imports.
import { parseSnapshot } from './snapshot';
import type { StoreState } from '../world/store';
import { World, type ChangeHook, type WorldSnapshot } from '../world/world';

/** The collections of a store, by the names its records have in a snapshot's `world`. */
export const COLLECTIONS = [
  'accounts',
  'sellers',
  'markets',
  'products',
  'previews',
  'addresses',
  'subscriptions',
  'alarms',
  'devices',
  'carts',
  'rooms',
  'receipts',
  'notifications',
] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

interface CollectionView {
  changedIds(): Iterable<string>;
  get(id: string): object | undefined;
  replace(record: object): object;
  remove(id: string): object | undefined;
}
/** A store's collection by name, as the operations both kinds of saved changes need. */
export const collectionOf = (world: World, name: CollectionName) => world.store[name] as unknown as CollectionView;

export interface WorldChanges {
  name: string;
  /** What the world was made from: generated records (seed, scale, instant), or a whole snapshot. */
  start: { seed: number; scale: number; generatedFor: number } | { snapshot: WorldSnapshot };
  clockOffsetMs: number;
  state: Omit<StoreState, 'uploads'>;
  uploads: StoreState['uploads'];
  /** Per collection, the records put (inserted or replaced) and the ids removed. */
  put: Partial<Record<CollectionName, object[]>>;
  removed: Partial<Record<CollectionName, string[]>>;
}

/** Everything `world` changed over what it was made from. */
export function changesOf(world: World): WorldChanges {
  const { uploads, ...state } = world.store.state;
  const changes: WorldChanges = {
    name: world.name,
    start:
      world.generatedFor === undefined
        ? { snapshot: world.snapshot() }
        : { seed: world.seed, scale: world.scale, generatedFor: world.generatedFor },
    clockOffsetMs: world.clock.offset,
    state,
    uploads,
    put: {},
    removed: {},
  };
  if ('snapshot' in changes.start) return changes;
  for (const name of COLLECTIONS) {
    const collection = collectionOf(world, name);
    for (const id of collection.changedIds()) {
      const record = collection.get(id);
      if (record) (changes.put[name] ??= []).push(record);
      else (changes.removed[name] ??= []).push(id);
    }
  }
  return changes;
}

/** The world `changes` describe, made again: its records generated (or its snapshot read), its changes put back. */
export function worldFromChanges(changes: WorldChanges, onChange?: ChangeHook): World {
  const { start } = changes;
  const world =
    'snapshot' in start
      ? World.fromSnapshot({ ...parseSnapshot(start.snapshot), name: changes.name }, onChange)
      : World.create({ name: changes.name, seed: start.seed, scale: start.scale, startAt: start.generatedFor, onChange });
  if ('snapshot' in start) return world;
  for (const [name, ids] of Object.entries(changes.removed) as [CollectionName, string[]][]) {
    if (!COLLECTIONS.includes(name)) throw new Error(`unknown collection '${name}'`);
    for (const id of ids) collectionOf(world, name).remove(id);
  }
  for (const [name, records] of Object.entries(changes.put) as [CollectionName, object[]][]) {
    if (!COLLECTIONS.includes(name)) throw new Error(`unknown collection '${name}'`);
    const collection = collectionOf(world, name);
    for (const record of records) collection.replace(record);
  }
  world.store.state = { ...world.store.state, ...changes.state, uploads: changes.uploads };
  world.clock.advance(changes.clockOffsetMs - world.clock.offset);
  return world;
}
