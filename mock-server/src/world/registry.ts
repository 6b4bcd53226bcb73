// The default world plus named, isolated worlds (X-Mock-World), seeded on first use. Their number is
// bounded: the least recently used one is evicted, and a later request naming it is told so.
import { World, type ChangeHook, type WorldOptions, type WorldSnapshot } from './world';

export const DEFAULT_WORLD = 'default';
const NAME = /^[A-Za-z0-9_.:-]{1,64}$/;

export interface WorldRegistryOptions extends Omit<WorldOptions, 'name' | 'onChange'> {
  maxWorlds?: number;
  /** At most this many new worlds one client may have made for it in a minute (prepare); default 120. */
  maxNewWorldsPerMinute?: number;
  /** The default world itself, made elsewhere (a test file's shared seeded world). */
  defaultWorld?: World;
  /** A saved default world to start from (--state FILE), instead of a freshly generated one. */
  restoreDefault?: () => WorldSnapshot | null;
  /** Called after every change of the default world (--state FILE persists it). */
  onChange?: ChangeHook;
  /** Named worlds kept across restarts (--state FILE): restored at start, told of every change and eviction. */
  named?: NamedWorldsHooks;
}

export interface NamedWorldsHooks {
  /** The saved named worlds, least recently used first, each made with `onChange` as its hook. */
  restore: () => World[];
  /** Called after every change of a named world, and once when one is replaced (reset, import). */
  onChange: ChangeHook;
  /** Called when a named world is evicted (its data is gone). */
  onEvict: (world: World) => void;
}

export type WorldStatus = 'existing' | 'created' | 'recreated-after-eviction';

export class WorldRegistry {
  defaultWorld: World;
  private readonly named = new Map<string, World>();
  private readonly evicted = new Set<string>();
  private readonly maxWorlds: number;
  /** Worlds being made in slices (prepare), by name: a second request for the name waits for the same one. */
  private readonly building = new Map<string, Promise<void>>();
  /** The status the first request of a prepared world reports (created, or recreated after eviction). */
  private readonly prepared = new Map<string, WorldStatus>();
  /** When each client's recent new worlds were made, for the per-minute bound. */
  private readonly madeBy = new Map<string, number[]>();

  constructor(private readonly options: WorldRegistryOptions) {
    this.maxWorlds = options.maxWorlds ?? 64;
    const saved = options.defaultWorld ? null : options.restoreDefault?.();
    this.defaultWorld = options.defaultWorld
      ? options.defaultWorld
      : saved
        ? World.fromSnapshot({ ...saved, name: DEFAULT_WORLD }, options.onChange)
        : World.create({
            seed: options.seed,
            scale: options.scale,
            startAt: options.startAt,
            name: DEFAULT_WORLD,
            onChange: options.onChange,
          });
    for (const world of options.named?.restore() ?? []) this.add(world.name, world);
  }

  /** Replaces the default world (reset, import); the persistence hook follows it. */
  replaceDefault(next: (onChange?: ChangeHook) => World): World {
    this.defaultWorld = next(this.options.onChange);
    this.options.onChange?.(this.defaultWorld, 'now');
    return this.defaultWorld;
  }

  /** Replaces a named world (reset or import of that world); the persistence hook follows it. */
  replaceNamed(name: string, next: (onChange?: ChangeHook) => World): World {
    const world = next(this.options.named?.onChange);
    this.named.set(name, world);
    this.options.named?.onChange(world, 'now');
    return world;
  }

  static isValidName(name: string): boolean {
    return NAME.test(name);
  }

  /** The world a request asks for; an invalid name is the caller's error, reported by the control layer. */
  fromRequest(header: string | undefined | null): World {
    return this.resolve(header).world;
  }

  resolve(header: string | undefined | null): { world: World; status: WorldStatus } {
    const name = header?.trim();
    if (!name || name === DEFAULT_WORLD) return { world: this.defaultWorld, status: 'existing' };
    const found = this.named.get(name);
    if (found) {
      // Map order is our LRU order: re-insert on use.
      this.named.delete(name);
      this.named.set(name, found);
      const prepared = this.prepared.get(name);
      if (prepared) this.prepared.delete(name);
      return { world: found, status: prepared ?? 'existing' };
    }
    const status: WorldStatus = this.evicted.delete(name) ? 'recreated-after-eviction' : 'created';
    const world = World.create({ ...this.newWorldOptions(), name });
    this.add(name, world);
    return { world, status };
  }

  /** Whether a request naming this world must wait for it to be made (see prepare). */
  needsPreparing(header: string | undefined | null): boolean {
    const name = header?.trim();
    return Boolean(name && name !== DEFAULT_WORLD && NAME.test(name) && !this.named.has(name));
  }

  /**
   * Makes the named world in slices, so the server answers other clients meanwhile; the request that named
   * it then finds it with resolve(). `client` (its address) may have at most maxNewWorldsPerMinute worlds
   * made in a minute: past that, a WorldQuotaError.
   */
  prepare(header: string, client: string, now = Date.now()): Promise<void> {
    const name = header.trim();
    const pending = this.building.get(name);
    if (pending) return pending;
    const limit = this.options.maxNewWorldsPerMinute ?? 120;
    const recent = (this.madeBy.get(client) ?? []).filter((at) => now - at < 60_000);
    if (recent.length >= limit) return Promise.reject(new WorldQuotaError(limit));
    this.madeBy.set(client, [...recent, now]);
    const status: WorldStatus = this.evicted.has(name) ? 'recreated-after-eviction' : 'created';
    const building = World.createInSlices({ ...this.newWorldOptions(), name })
      .then((world) => {
        this.evicted.delete(name);
        this.prepared.set(name, status);
        this.add(name, world);
      })
      .finally(() => this.building.delete(name));
    this.building.set(name, building);
    return building;
  }

  private newWorldOptions() {
    const { seed, scale, startAt, named } = this.options;
    return { seed, scale, startAt, onChange: named?.onChange };
  }

  private add(name: string, world: World): void {
    this.named.set(name, world);
    while (this.named.size > this.maxWorlds) {
      const [oldest, evicted] = this.named.entries().next().value as [string, World];
      this.named.delete(oldest);
      this.evicted.add(oldest);
      this.options.named?.onEvict(evicted);
    }
  }

  list(): { name: string; seed: number }[] {
    return [this.defaultWorld, ...this.named.values()].map((w) => ({ name: w.name, seed: w.seed }));
  }

  get capacity(): number {
    return this.maxWorlds;
  }
}

/** A client asked for more new worlds in a minute than --max-new-worlds-per-minute allows. */
export class WorldQuotaError extends Error {
  override name = 'WorldQuotaError';
  constructor(readonly limit: number) {
    super(`새 세계는 한 클라이언트가 1분에 ${limit}개까지 만들 수 있어요. 잠시 후 다시 시도하거나 있는 세계 이름을 다시 쓰세요.`);
  }
}
