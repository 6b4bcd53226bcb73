// The default world plus named, isolated worlds (X-Mock-World), seeded on first use. Their number is
// bounded: the least recently used one is evicted, and a later request naming it is told so.
import { World, type ChangeHook, type WorldOptions, type WorldSnapshot } from './world';

export const DEFAULT_WORLD = 'default';
const NAME = /^[A-Za-z0-9_.:-]{1,64}$/;

export interface WorldRegistryOptions extends Omit<WorldOptions, 'name' | 'onChange'> {
  maxWorlds?: number;
  /** A saved default world to start from (--state FILE), instead of a freshly generated one. */
  restoreDefault?: () => WorldSnapshot | null;
  /** Called after every change of the default world (--state FILE persists it). */
  onChange?: ChangeHook;
}

export type WorldStatus = 'existing' | 'created' | 'recreated-after-eviction';

export class WorldRegistry {
  defaultWorld: World;
  private readonly named = new Map<string, World>();
  private readonly evicted = new Set<string>();
  private readonly maxWorlds: number;

  constructor(private readonly options: WorldRegistryOptions) {
    this.maxWorlds = options.maxWorlds ?? 16;
    const saved = options.restoreDefault?.();
    this.defaultWorld = saved
      ? World.fromSnapshot({ ...saved, name: DEFAULT_WORLD }, options.onChange)
      : World.create({ seed: options.seed, scale: options.scale, name: DEFAULT_WORLD, onChange: options.onChange });
  }

  /** Replaces the default world (reset, import); the persistence hook follows it. */
  replaceDefault(next: (onChange?: ChangeHook) => World): World {
    this.defaultWorld = next(this.options.onChange);
    this.options.onChange?.(this.defaultWorld, 'now');
    return this.defaultWorld;
  }

  /** Replaces a named world (reset or import of that world). */
  replaceNamed(name: string, world: World): void {
    this.named.set(name, world);
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
      return { world: found, status: 'existing' };
    }
    const status: WorldStatus = this.evicted.delete(name) ? 'recreated-after-eviction' : 'created';
    const world = World.create({ seed: this.options.seed, scale: this.options.scale, name });
    this.named.set(name, world);
    while (this.named.size > this.maxWorlds) {
      const oldest = this.named.keys().next().value as string;
      this.named.delete(oldest);
      this.evicted.add(oldest);
    }
    return { world, status };
  }

  list(): { name: string; seed: number }[] {
    return [this.defaultWorld, ...this.named.values()].map((w) => ({ name: w.name, seed: w.seed }));
  }

  get capacity(): number {
    return this.maxWorlds;
  }
}
