// A world: the store seeded from the fixtures, its own clock, and the seed that made it. The default
// world serves requests without X-Mock-World; named worlds are isolated copies for tests and testers.
import { generateWorldSteps } from '@creator-market/fixtures';
import type { World as GeneratedWorld } from '@creator-market/fixtures';
import { Clock } from './clock';
import { Store, type StoreState } from './store';

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

/** How long one generated data set serves the new worlds of its seed and scale (see seededData). */
export const SHARED_SEED_DATA_MS = 60_000;
/** `used`: a world starts from it already (a second one freezes it first); `frozen`: it is deep-frozen. */
const seedData = new Map<string, { generatedAt: number; data: GeneratedWorld; used: boolean; frozen: boolean }>();

/**
 * The generated records a new world starts from. Worlds made within SHARED_SEED_DATA_MS of each other with
 * the same seed and scale share one data set: records are immutable values (a change puts a new record in
 * the world's own collections), so each world only adds its indexes, ~18 MB at scale 1 where a copy of
 * everything was ~51 MB, and is made in about half the time (a burst of test worlds, the load test's 50
 * buyers). Shared data is deep-frozen, so code that changed a record in place would throw rather than leak
 * into other worlds; it is frozen when first shared (~80 ms at scale 1), not at start, which a lone world
 * does not need. A world made later gets data generated for its own "now".
 */
function* seededData(seed: number, scale: number, startAt?: number): Generator<void, GeneratedWorld, void> {
  const now = Date.now();
  for (const [key, entry] of seedData) if (now - entry.generatedAt >= SHARED_SEED_DATA_MS) seedData.delete(key);
  const key = `${seed}:${scale}:${startAt ?? 'now'}`;
  const shared = seedData.get(key);
  if (shared && !shared.used) {
    shared.used = true;
    return shared.data;
  }
  if (shared) {
    if (!shared.frozen) {
      yield* deepFreeze(shared.data);
      shared.frozen = true;
    }
    return shared.data;
  }
  const data = yield* generateWorldSteps({ seed, scale, now: startAt ?? now });
  seedData.set(key, { generatedAt: now, data, used: true, frozen: false });
  return data;
}

/**
 * Makes `data`, the records generated for (seed, scale, startAt) (the CLI reads them back from its seed
 * cache), the data set new worlds of that key start from, as if just generated here: the next World.create
 * with that key generates nothing.
 */
export function shareSeededData(seed: number, scale: number, startAt: number, data: GeneratedWorld): void {
  seedData.set(`${seed}:${scale}:${startAt}`, { generatedAt: Date.now(), data, used: false, frozen: false });
}

function* deepFreeze(root: object): Generator<void, void, void> {
  const pending: unknown[] = [root];
  let count = 0;
  while (pending.length > 0) {
    if (++count % 5000 === 0) yield;
    const value = pending.pop();
    if (typeof value !== 'object' || value === null || Object.isFrozen(value)) continue;
    Object.freeze(value);
    for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) pending.push(child);
  }
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
    const data = yield* seededData(seed, scale, startAt);
    const store = yield* Store.inSteps(data);
    if (withSearchIndex) yield* store.search.pendingSteps();
    const world = new World(name, seed, scale, store, onChange);
    if (startAt !== undefined) world.clock.set(startAt);
    return world;
  }

  static fromSnapshot(snapshot: WorldSnapshot, onChange?: ChangeHook): World {
    const world = new World(snapshot.name, snapshot.seed, snapshot.scale, new Store(snapshot.world, snapshot.state), onChange);
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

/** Drives a generator in slices of about `sliceMs`, yielding the event loop (setImmediate) between them. */
export function runInSlices<T>(steps: Generator<void, T, void>, sliceMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const slice = () => {
      try {
        const until = performance.now() + sliceMs;
        for (let step = steps.next(); ; step = steps.next()) {
          if (step.done) return resolve(step.value);
          if (performance.now() >= until) break;
        }
        setImmediate(slice);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    };
    slice();
  });
}
