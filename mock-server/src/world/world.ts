// A world: the store seeded from the fixtures, its own clock, and the seed that made it. The default
// world serves requests without X-Mock-World; named worlds are isolated copies for tests and testers.
import { generateWorldSteps } from '@creator-market/fixtures';
import type { World as GeneratedWorld } from '@creator-market/fixtures';
import { Clock } from './clock';
import { deepFreeze, Store, type StoreState } from './store';

/**
 * Told of every change of a world: `now` for a change acknowledged to a client (saved before the answer),
 * `soon` for bookkeeping a read does on the side (a search counted toward today's hot keywords), which may
 * be saved a moment later: a search must not cost a whole snapshot write.
 */
export type ChangeHook = (world: World, when?: 'now' | 'soon') => void;

export interface WorldOptions {
  name: string;
  seed: number;
  scale: number;
  /** Called after every successful state change (persistence hooks here). */
  onChange?: ChangeHook;
  /**
   * Pins the world's start (epoch ms): its records are generated for this instant and its clock starts
   * there, so a test's world is the same at any hour it runs. Without it, the wall clock's now.
   */
  startAt?: number;
}

/** What `GET /__mock/state` exports and `PUT /__mock/state` and `--state FILE` restore. */
export interface WorldSnapshot {
  format: 'creator-market-world@1';
  name: string;
  seed: number;
  scale: number;
  /** The clock's offset from real time when exported. */
  clockOffsetMs: number;
  world: GeneratedWorld;
  state: StoreState;
}

/** How long the records generated for "now" serve the new worlds of their seed and scale (see baseStore). */
export const SHARED_SEED_DATA_MS = 60_000;

/**
 * The stores new worlds are copy-on-write overlays over, by seed, scale and start (see baseStore). Held
 * weakly: a base lives as long as a world over it does, and is made again when none is left.
 */
const bases = new Map<string, { store: WeakRef<Store>; generatedAt: number; source: WeakRef<GeneratedWorld> }>();
/** Records handed over by shareSeededData, by the same key, not yet made into a base. */
const sharedData = new Map<string, GeneratedWorld>();

const baseKey = (seed: number, scale: number, startAt?: number) => `${seed}:${scale}:${startAt ?? 'now'}`;

/**
 * The store a new world of (seed, scale, startAt) starts from, as an overlay (Store over a base): its
 * records and indexes are shared, so a world costs only what it changes (~1 ms and ~0.1 MB at scale 1,
 * where a copy of the indexes was ~200 ms and ~17 MB). Worlds pinned to an instant (startAt: --start-at, the
 * seed cache's instant, tests) share one base for as long as one of them lives: its records are the same
 * whenever it is made. Worlds of "now" share a base made within SHARED_SEED_DATA_MS; a world made later
 * gets records generated for its own "now". A base's records are deep-frozen once a second world shares
 * them (in slices; see Store.freezeSteps), so code that changed a record in place would throw rather than
 * leak into other worlds; a lone world does not need it.
 */
function* baseStore(seed: number, scale: number, startAt?: number): Generator<void, { store: Store; at: number }, void> {
  const now = Date.now();
  for (const [key, entry] of bases) {
    const expired = key.endsWith(':now') && now - entry.generatedAt >= SHARED_SEED_DATA_MS;
    if (expired || !entry.store.deref()) bases.delete(key);
  }
  const key = baseKey(seed, scale, startAt);
  const entry = bases.get(key);
  const shared = entry?.store.deref();
  if (entry && shared) {
    yield* shared.freezeSteps();
    return { store: shared, at: startAt ?? entry.generatedAt };
  }
  const data = sharedData.get(key) ?? (yield* generateWorldSteps({ seed, scale, now: startAt ?? now }));
  sharedData.delete(key);
  const store = yield* Store.inSteps(data);
  bases.set(key, { store: new WeakRef(store), generatedAt: now, source: new WeakRef(data) });
  return { store, at: startAt ?? now };
}

/**
 * Makes `data`, the records generated for (seed, scale, startAt) (the CLI reads them back from its seed
 * cache), the records new worlds of that key start from, as if just generated here: the next World.create
 * with that key generates nothing.
 */
export function shareSeededData(seed: number, scale: number, startAt: number, data: GeneratedWorld): void {
  const key = baseKey(seed, scale, startAt);
  const live = bases.get(key);
  // The live base was made from these very records (a test runner handing them over again): keep it.
  if (live?.source.deref() === data && live.store.deref()) return;
  bases.delete(key);
  sharedData.set(key, data);
}

/**
 * Deep-freezes generated records, as worlds freeze the records they share, for a caller that shares them
 * further than one server (the app's test setup keeps them across its test files): a change in place then
 * throws rather than leaks into the next user.
 */
export function freezeSeededData(data: GeneratedWorld): GeneratedWorld {
  runAtOnce(deepFreeze([data]));
  return data;
}

export class World {
  readonly clock = new Clock();
  /** Incremented on every change; handlers' caches key on it. */
  version = 0;

  private constructor(
    readonly name: string,
    readonly seed: number,
    readonly scale: number,
    public store: Store,
    private readonly onChange?: ChangeHook,
    /**
     * The instant the records under this world's overlay were generated for (generateWorld's `now`): the same
     * seed, scale and instant generate them again (--state FILE saves a named world as its changes over
     * them). Undefined for a world of a snapshot's records.
     */
    readonly generatedFor?: number,
  ) {}

  /** A new world made at once; its search index is built on its first search. */
  static create(options: WorldOptions): World {
    return runAtOnce(World.createSteps(options, false));
  }

  /**
   * A new world made in slices of at most `sliceMs` of work, the event loop free between them: other
   * clients are answered while a world is made (one at scale 1 is ~0.3-0.5 s of work).
   */
  static createInSlices(options: WorldOptions, sliceMs = 5): Promise<World> {
    return runInSlices(World.createSteps(options, true), sliceMs);
  }

  private static *createSteps(options: WorldOptions, withSearchIndex: boolean): Generator<void, World, void> {
    const { name, seed, scale, startAt, onChange } = options;
    const base = yield* baseStore(seed, scale, startAt);
    const store = new Store(base.store);
    if (withSearchIndex) yield* store.search.pendingSteps();
    const world = new World(name, seed, scale, store, onChange, base.at);
    if (startAt !== undefined) world.clock.set(startAt);
    return world;
  }

  /**
   * A world of a snapshot's records: like every world, an overlay over a store of records that does not
   * change, so what is derived from those (the search index) stays true of them and the world's own changes
   * are its overlay's.
   */
  static fromSnapshot(snapshot: WorldSnapshot, onChange?: ChangeHook): World {
    const store = new Store(new Store(snapshot.world), snapshot.state);
    const world = new World(snapshot.name, snapshot.seed, snapshot.scale, store, onChange);
    world.clock.advance(snapshot.clockOffsetMs);
    return world;
  }

  /** Marks a state change: bumps the version and tells the persistence hook (see ChangeHook). */
  touched(when: 'now' | 'soon' = 'now'): void {
    this.version += 1;
    this.onChange?.(this, when);
  }

  snapshot(): WorldSnapshot {
    const data = this.store.toData({ seed: this.seed, scale: this.scale, now: new Date(this.clock.now()).toISOString() });
    return {
      format: 'creator-market-world@1',
      name: this.name,
      seed: this.seed,
      scale: this.scale,
      clockOffsetMs: this.clock.offset,
      ...data,
    };
  }
}

/** Drives a generator to its end at once. */
function runAtOnce<T>(steps: Generator<void, T, void>): T {
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/**
 * The next turn of the event loop: setImmediate in Node; in a page (the browser door), which has none, a
 * message through a channel (not setTimeout, which a browser clamps to 4 ms once nested).
 */
const nextTurn: (work: () => void) => void =
  typeof setImmediate === 'function'
    ? (work) => setImmediate(work)
    : (work) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          work();
        };
        channel.port2.postMessage(null);
      };

/** Drives a generator in slices of about `sliceMs`, yielding the event loop between them. */
export function runInSlices<T>(steps: Generator<void, T, void>, sliceMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const slice = () => {
      try {
        const until = performance.now() + sliceMs;
        for (let step = steps.next(); ; step = steps.next()) {
          if (step.done) return resolve(step.value);
          if (performance.now() >= until) break;
        }
        nextTurn(slice);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    slice();
  });
}
