// The default world plus named, isolated worlds (X-Mock-World), seeded on first use. Their number is
// bounded (maxWorlds), but a world is never silently replaced: only a world idle for idleMs (no request for
// 10 minutes by default) is evicted to make room, the least recently used first, and a later request naming
// it is told so (X-Mock-World-Status: recreated-after-eviction). When none is idle, a new world is refused
// (WorldCapacityError: a 429 naming --max-worlds, with Retry-After). docs/decisions/world-eviction.md says why.
// New worlds per minute are bounded per client address, except for loopback clients (a developer's machine,
// CI): a suite may make as many as it needs; a flood from another host is refused with Retry-After.
import { World, type ChangeHook, type WorldOptions, type WorldSnapshot } from './world';

export const DEFAULT_WORLD = 'default';
const NAME = /^[A-Za-z0-9_.:-]{1,64}$/;

export interface WorldRegistryOptions extends Omit<WorldOptions, 'name' | 'onChange'> {
  /** At most this many named worlds are kept (default 64). */
  maxWorlds?: number;
  /**
   * At most this many new worlds one client other than a loopback one may have made for it in a minute
   * (prepare); default 120. Loopback clients (127.0.0.0/8, ::1) are not bounded.
   */
  maxNewWorldsPerMinute?: number;
  /** A named world without a request for this long may be evicted to make room (default WORLD_IDLE_MS). */
  idleMs?: number;
  /**
   * New worlds' clocks start at the real time they are made (X-Mock-Now is the wall clock), though their
   * records are still those generated for `startAt` (shared, ~1 ms a world). For a `startAt` that only says
   * which records are at hand (the CLI's seed cache or --state start), not a pinned start (--start-at, tests).
   */
  wallClock?: boolean;
  /** The real time (epoch ms); tests move it. */
  now?: () => number;
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

/** How long a named world must go without a request before it may be evicted: 10 minutes. */
export const WORLD_IDLE_MS = 10 * 60_000;

/** Whether an address is a loopback one (127.0.0.0/8, ::1, and 127.x in IPv4-mapped IPv6): this machine. */
export function isLoopbackAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1' || address === '0:0:0:0:0:0:0:1';
}

export class WorldRegistry {
  defaultWorld: World;
  private readonly named = new Map<string, World>();
  /** When each named world last had a request (real time), by name; Map order is least recently used first. */
  private readonly lastUsed = new Map<string, number>();
  private readonly evicted = new Set<string>();
  private readonly maxWorlds: number;
  private readonly idleMs: number;
  private readonly realNow: () => number;
  /** Worlds being made in slices (prepare), by name: a second request for the name waits for the same one. */
  private readonly building = new Map<string, Promise<void>>();
  /** The status the first request of a prepared world reports (created, or recreated after eviction). */
  private readonly prepared = new Map<string, WorldStatus>();
  /** When each client's recent new worlds were made, for the per-minute bound. */
  private readonly madeBy = new Map<string, number[]>();

  constructor(private readonly options: WorldRegistryOptions) {
    this.maxWorlds = options.maxWorlds ?? 64;
    this.idleMs = options.idleMs ?? WORLD_IDLE_MS;
    this.realNow = options.now ?? (() => Date.now());
    const saved = options.defaultWorld ? null : options.restoreDefault?.();
    this.defaultWorld = options.defaultWorld
      ? options.defaultWorld
      : saved
        ? World.fromSnapshot({ ...saved, name: DEFAULT_WORLD }, options.onChange)
        : this.started(
            World.create({
              seed: options.seed,
              scale: options.scale,
              startAt: options.startAt,
              name: DEFAULT_WORLD,
              onChange: options.onChange,
            }),
          );
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

  /**
   * The world a request names, marked as used now; a new name is made at once (throws WorldCapacityError when
   * every kept world is in use).
   */
  resolve(header: string | undefined | null): { world: World; status: WorldStatus } {
    const name = header?.trim();
    if (!name || name === DEFAULT_WORLD) return { world: this.defaultWorld, status: 'existing' };
    const found = this.named.get(name);
    if (found) {
      // Map order is our LRU order: re-insert on use.
      this.named.delete(name);
      this.named.set(name, found);
      this.used(name);
      const prepared = this.prepared.get(name);
      if (prepared) this.prepared.delete(name);
      return { world: found, status: prepared ?? 'existing' };
    }
    this.makeRoom(1);
    const status: WorldStatus = this.evicted.delete(name) ? 'recreated-after-eviction' : 'created';
    const world = this.started(World.create({ ...this.newWorldOptions(), name }));
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
   * made in a minute unless it is a loopback one: past that, a WorldQuotaError. When every kept world is in
   * use (none idle for idleMs), a WorldCapacityError.
   */
  prepare(header: string, client: string, now = this.realNow()): Promise<void> {
    const name = header.trim();
    const pending = this.building.get(name);
    if (pending) return pending;
    if (!isLoopbackAddress(client)) {
      const limit = this.options.maxNewWorldsPerMinute ?? 120;
      const recent = (this.madeBy.get(client) ?? []).filter((at) => now - at < 60_000);
      if (recent.length >= limit) {
        this.madeBy.set(client, recent);
        // The oldest of the minute's worlds frees a slot a minute after it was made.
        return Promise.reject(new WorldQuotaError(limit, Math.max(1, Math.ceil((recent[0]! + 60_000 - now) / 1000))));
      }
      recent.push(now);
      this.madeBy.set(client, recent);
    }
    try {
      this.makeRoom(1 + this.building.size, now);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    const status: WorldStatus = this.evicted.has(name) ? 'recreated-after-eviction' : 'created';
    const building = World.createInSlices({ ...this.newWorldOptions(), name })
      .then((world) => {
        this.evicted.delete(name);
        this.prepared.set(name, status);
        this.add(name, this.started(world));
      })
      .finally(() => this.building.delete(name));
    this.building.set(name, building);
    return building;
  }

  /** A new world's clock: the wall clock's (wallClock), else as made (pinned to startAt when given). */
  private started(world: World): World {
    if (this.options.wallClock) world.clock.reset();
    return world;
  }

  private newWorldOptions() {
    const { seed, scale, startAt, named } = this.options;
    return { seed, scale, startAt, onChange: named?.onChange };
  }

  private used(name: string, now = this.realNow()): void {
    this.lastUsed.delete(name);
    this.lastUsed.set(name, now);
  }

  /**
   * Evicts idle worlds, least recently used first, until `count` more fit within maxWorlds; throws a
   * WorldCapacityError (evicting nothing) when not enough have been idle for idleMs.
   */
  private makeRoom(count: number, now = this.realNow()): void {
    const excess = this.named.size + count - this.maxWorlds;
    if (excess <= 0) return;
    const idle: string[] = [];
    for (const [name, at] of this.lastUsed) {
      if (idle.length === excess) break;
      if (now - at < this.idleMs) {
        // Least recently used first: this one, and every one after it, is still in use.
        throw new WorldCapacityError(this.maxWorlds, this.idleMs, Math.max(1, Math.ceil((at + this.idleMs - now) / 1000)));
      }
      idle.push(name);
    }
    if (idle.length < excess) throw new WorldCapacityError(this.maxWorlds, this.idleMs, Math.max(1, Math.ceil(this.idleMs / 1000)));
    for (const name of idle) this.evict(name);
  }

  private evict(name: string): void {
    const world = this.named.get(name);
    this.named.delete(name);
    this.lastUsed.delete(name);
    this.evicted.add(name);
    if (world) this.options.named?.onEvict(world);
  }

  private add(name: string, world: World): void {
    this.named.set(name, world);
    this.used(name);
  }

  list(): { name: string; seed: number }[] {
    return [this.defaultWorld, ...this.named.values()].map((w) => ({ name: w.name, seed: w.seed }));
  }

  /** The named worlds with when each last had a request (real time), least recently used first. */
  usage(): { name: string; lastUsedAt: number }[] {
    return [...this.lastUsed].map(([name, lastUsedAt]) => ({ name, lastUsedAt }));
  }

  get capacity(): number {
    return this.maxWorlds;
  }

  /** How long a named world must go without a request before it may be evicted, ms. */
  get idleAfterMs(): number {
    return this.idleMs;
  }
}

/** A client other than a loopback one asked for more new worlds in a minute than --max-new-worlds-per-minute allows. */
export class WorldQuotaError extends Error {
  override name = 'WorldQuotaError';
  constructor(
    readonly limit: number,
    /** Seconds until the client may have another world made. */
    readonly retryAfterSeconds: number,
  ) {
    super(
      `새 세계는 이 컴퓨터 밖의 한 클라이언트가 1분에 ${limit}개까지 만들 수 있어요(--max-new-worlds-per-minute ${limit}). ` +
        `${retryAfterSeconds}초 뒤에 다시 시도하거나 있는 세계 이름을 다시 쓰세요.`,
    );
  }
}

/** Every kept world is in use: none has gone idleMs without a request, so none is evicted for a new one. */
export class WorldCapacityError extends Error {
  override name = 'WorldCapacityError';
  constructor(
    readonly maxWorlds: number,
    readonly idleMs: number,
    /** Seconds until the least recently used world has been idle long enough to make room. */
    readonly retryAfterSeconds: number,
  ) {
    super(
      `세계를 더 만들 수 없어요: 이름 있는 세계는 ${maxWorlds}개까지 두고(--max-worlds ${maxWorlds}), ` +
        `${idleMs >= 60_000 ? `${Math.round(idleMs / 60_000)}분` : `${Math.round(idleMs / 1000)}초`} 동안 요청이 없던 세계만 치워요. 지금은 모두 쓰이는 중이라 ${retryAfterSeconds}초 뒤에 자리가 나요. ` +
        '--max-worlds를 늘리거나 있는 세계 이름을 다시 쓰세요.',
    );
  }
}
