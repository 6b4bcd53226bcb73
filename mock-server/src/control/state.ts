// What the control plane keeps besides the worlds: the global latency (--latency), and per world the
// sticky scenario rules and a latency of its own. Settings belong to the world they were made in, so
// parallel testers with their own X-Mock-World never see each other's rules; a reset or an import keeps
// them, an evicted world loses them with its data.
import { World, type ChangeHook, type WorldSnapshot } from '../world/world';
import { DEFAULT_WORLD, type WorldRegistry } from '../world/registry';
import { declaredOn, describeScenarios, parseScenario, type Scenario, type ScenarioInfo, type ScenarioTarget } from './scenarios';
import { worldFromSnapshot } from './snapshot';

export interface ControlOptions {
  /** Added to every API response of every world without a latency of its own (--latency). */
  latencyMs: number;
  worlds: WorldRegistry;
  /** The server's seed (--seed): every world starts from it, and a reset without a seed returns to it. */
  defaultSeed: number;
  scale: number;
  /** Every operation scenarios can be forced on (the product API's and the ad service's). */
  targets: readonly ScenarioTarget[];
}

export interface StickyRuleInput {
  name: string;
  /** Only requests of this method (any when absent). */
  method?: string;
  /** Only requests whose path matches: `{param}` segments match any one segment, and the pattern matches its sub-paths. */
  path?: string;
  /** The rule applies this many times, then disappears (forever when absent). */
  times?: number;
  /** Waits this long before answering (on top of the latency). */
  delayMs?: number;
}

export interface StickyRule extends StickyRuleInput {
  id: string;
  createdAt: string;
}

interface WorldControls {
  rules: StickyRule[];
  /** null: the global latency applies. */
  latencyMs: number | null;
}

export class ControlState {
  /** The global latency, ms (--latency); a world's own latency (PUT /__mock/latency) replaces it there. */
  latencyMs: number;
  readonly worlds: WorldRegistry;
  readonly defaultSeed: number;
  readonly scale: number;
  private readonly targets: ReadonlyMap<string, ScenarioTarget>;
  private readonly perWorld = new WeakMap<World, WorldControls>();
  private ruleCount = 0;

  constructor(options: ControlOptions) {
    this.latencyMs = options.latencyMs;
    this.worlds = options.worlds;
    this.defaultSeed = options.defaultSeed;
    this.scale = options.scale;
    this.targets = new Map(options.targets.map((target) => [target.operationId, target]));
  }

  // ---------------------------------------------------------------- scenario catalogue

  /** The scenario a name stands for, or undefined when unknown. */
  scenario(name: string): Scenario | undefined {
    return parseScenario(name);
  }

  /** Every scenario, with its status, body and the app's UI text (list errors name records of `world`); with a target, those it declares. */
  catalogue(world: World, target?: ScenarioTarget): ScenarioInfo[] {
    return describeScenarios(world, target);
  }

  /** The operation `operationId` names, or undefined. */
  target(operationId: string): ScenarioTarget | undefined {
    return this.targets.get(operationId);
  }

  /** The operations a rule with `method` and `path` can apply to whose contract declares `scenario`. */
  operationsFor(scenario: Scenario, method: string | undefined, path: string | undefined, world: World): ScenarioTarget[] {
    return [...this.targets.values()].filter(
      (target) =>
        (method === undefined || method.toUpperCase() === target.method.toUpperCase()) &&
        (path === undefined || patternMeetsTemplate(path, target.path)) &&
        declaredOn(scenario, target, world),
    );
  }

  // ---------------------------------------------------------------- latency

  latencyOf(world: World): number {
    return this.controls(world).latencyMs ?? this.latencyMs;
  }

  setLatency(world: World, ms: number): void {
    this.controls(world).latencyMs = ms;
  }

  // ---------------------------------------------------------------- sticky rules

  rules(world: World): readonly StickyRule[] {
    return this.controls(world).rules;
  }

  addRule(world: World, input: StickyRuleInput, now: number): StickyRule {
    this.ruleCount += 1;
    const rule: StickyRule = { id: `rule-${this.ruleCount}`, ...input, createdAt: new Date(now).toISOString() };
    this.controls(world).rules.push(rule);
    return rule;
  }

  clearRules(world: World): number {
    const controls = this.controls(world);
    const count = controls.rules.length;
    controls.rules = [];
    return count;
  }

  /**
   * The first rule (in the order they were made) matching this request whose scenario `applies` (the
   * operation's contract declares it), counted down: a rule whose `times` reaches 0 is removed. Undefined
   * when no rule matches.
   */
  takeRule(world: World, method: string, path: string, applies: (name: string) => boolean): StickyRule | undefined {
    const controls = this.perWorld.get(world);
    if (!controls || controls.rules.length === 0) return undefined;
    const index = controls.rules.findIndex((rule) => ruleMatches(rule, method, path) && applies(rule.name));
    if (index === -1) return undefined;
    const rule = controls.rules[index]!;
    if (rule.times !== undefined) {
      const left = rule.times - 1;
      if (left <= 0) controls.rules.splice(index, 1);
      else controls.rules[index] = { ...rule, times: left };
    }
    return rule;
  }

  // ---------------------------------------------------------------- replacing a world

  /** A freshly generated world in place of `world` (same name; the server's seed unless `seed` is given), keeping its control settings. */
  reset(world: World, seed?: number): World {
    const nextSeed = seed ?? this.defaultSeed;
    return this.replace(world, (onChange) => World.create({ name: world.name, seed: nextSeed, scale: this.scale, onChange }));
  }

  /** The snapshot's world in place of `world` (throws SnapshotError, leaving `world` in place, when it cannot be built). */
  import(world: World, snapshot: WorldSnapshot): World {
    return this.replace(world, (onChange) => worldFromSnapshot(snapshot, world.name, onChange));
  }

  private replace(world: World, build: (onChange?: ChangeHook) => World): World {
    let next: World;
    if (world.name === DEFAULT_WORLD) next = this.worlds.replaceDefault(build);
    else next = this.worlds.replaceNamed(world.name, build);
    const controls = this.perWorld.get(world);
    if (controls) this.perWorld.set(next, controls);
    return next;
  }

  private controls(world: World): WorldControls {
    let controls = this.perWorld.get(world);
    if (!controls) {
      controls = { rules: [], latencyMs: null };
      this.perWorld.set(world, controls);
    }
    return controls;
  }
}

/** `{param}` segments match any one segment; a pattern matches the paths below it too (`/cart` matches `/cart/update`). */
export function pathMatches(pattern: string, path: string): boolean {
  const wanted = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (got.length < wanted.length) return false;
  return wanted.every((segment, i) => /^\{[^/{}]+\}$/.test(segment) || segment === got[i]);
}

/** Whether a rule's path pattern can match some path of an operation's template (`{param}` on either side matches any segment). */
function patternMeetsTemplate(pattern: string, template: string): boolean {
  const wanted = pattern.split('/').filter(Boolean);
  const got = template.split('/').filter(Boolean);
  const isParam = (segment: string) => /^\{[^/{}]+\}$/.test(segment);
  if (got.length < wanted.length) return false;
  return wanted.every((segment, i) => isParam(segment) || isParam(got[i]!) || segment === got[i]);
}

function ruleMatches(rule: StickyRule, method: string, path: string): boolean {
  if (rule.method !== undefined && rule.method.toUpperCase() !== method.toUpperCase()) return false;
  return rule.path === undefined || pathMatches(rule.path, path);
}
