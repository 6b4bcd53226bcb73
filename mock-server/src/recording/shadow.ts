// Diff mode's shadow worlds (./diff): for each world the proxy forwards requests of, a copy made from the
// records every world starts from (the seed's, or the --replay recording merged over them), where our own
// handlers answer the same requests again. They are kept beside the world they shadow, not in the world
// registry: there the LRU would evict one (and its state: the carts and orders the session made) and each
// would take a --max-worlds slot. A shadow lives as long as its world: a world reset, or evicted and made again,
// gets a fresh shadow with it. No Node-only imports: the core that uses it is bundled for the browser too.
import { World } from '../world/world';

export class ShadowWorlds {
  private readonly shadows = new WeakMap<World, World>();

  /** The shadow of `world`, its clock set to the world's (a moved clock moves both). */
  of(world: World): World {
    let shadow = this.shadows.get(world);
    if (!shadow) {
      // Records generated for the instant the world's were (a world of a snapshot's records: the seed's, for now).
      shadow = World.create({ name: `shadow.${world.name}`, seed: world.seed, scale: world.scale, startAt: world.generatedFor });
      this.shadows.set(world, shadow);
    }
    shadow.clock.setOffset(world.clock.offset);
    return shadow;
  }
}
