// What the control plane keeps besides the worlds: the global latency (--latency), and per world the
// sticky scenario rules and a latency of its own. Settings belong to the world they were made in, so
// parallel testers with their own X-Mock-World never see each other's rules; a reset or an import keeps
// them, an evicted world loses them with its data.
import { World, type ChangeHook, type WorldSnapshot } from '../world/world';
import { DEFAULT_WORLD, type WorldRegistry } from '../world/registry';
import { declaredOn, describeScenarios, parseScenario, type Scenario, type ScenarioInfo, type ScenarioTarget } from './scenarios';
import { drawLatency, RuleRandom, ruleMatches, type RuleRequest, type StickyRule, type StickyRuleInput } from './rules';
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

export type { StickyRule, StickyRuleInput } from './rules';

/** The rule a request takes, and how long it waits. */
export interface TakenRule {
  rule: StickyRule;
  /** The rule's `delayMs` plus its drawn latency. */
  delayMs: number;
}

/**
 * A world's control settings as plain data (its sticky rules with their streams' positions, the rules made
 * so far, its own latency): what the browser door keeps across reloads of the page the mock runs in.
 */
export interface WorldSettings {
  rules: StickyRule[];
  positions: Record<string, number>;
  made: number;
  latencyMs: number | null;
}

interface WorldControls {
  rules: StickyRule[];
  /** Each rule's random stream, by id (probability and latency draws). */
  randoms: Map<string, RuleRandom>;
  /** Rules ever made in this world: a rule's place, which seeds its stream. */
  made: number;
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

  /** The operations a rule (its operationId, method and path) can apply to whose contract declares `scenario`. */
  operationsFor(scenario: Scenario, rule: Pick<StickyRuleInput, 'operationId' | 'method' | 'path'>, world: World): ScenarioTarget[] {
    return [...this.targets.values()].filter(
      (target) =>
        (rule.operationId === undefined || rule.operationId === target.operationId) &&
        (rule.method === undefined || rule.method.toUpperCase() === target.method.toUpperCase()) &&
        (rule.path === undefined || patternMeetsTemplate(rule.path, target.path)) &&
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
    const controls = this.controls(world);
    controls.made += 1;
    const rule: StickyRule = { id: `rule-${this.ruleCount}`, ...input, createdAt: new Date(now).toISOString() };
    controls.rules.push(rule);
    controls.randoms.set(rule.id, new RuleRandom(`${world.seed}:${world.name}:${controls.made}`));
    return rule;
  }

  clearRules(world: World): number {
    const controls = this.controls(world);
    const count = controls.rules.length;
    controls.rules = [];
    controls.randoms.clear();
    return count;
  }

  /** Removes one rule; false when the world has no rule of that id. */
  removeRule(world: World, id: string): boolean {
    const controls = this.controls(world);
    const index = controls.rules.findIndex((rule) => rule.id === id);
    if (index === -1) return false;
    controls.rules.splice(index, 1);
    controls.randoms.delete(id);
    return true;
  }

  /** Whether the world has rules (the gate reads a request's body for them only when one matches bodies). */
  hasRules(world: World): boolean {
    return (this.perWorld.get(world)?.rules.length ?? 0) > 0;
  }

  /**
   * The first rule (in the order they were made) matching this request whose scenario, if it names one,
   * `applies` (the operation's contract declares it) and whose probability draw succeeds, counted down: a
   * rule whose `times` reaches 0 is removed. Undefined when no rule takes the request.
   */
  takeRule(world: World, request: RuleRequest, applies: (name: string) => boolean): TakenRule | undefined {
    const controls = this.perWorld.get(world);
    if (!controls || controls.rules.length === 0) return undefined;
    for (const [index, rule] of controls.rules.entries()) {
      if (!ruleMatches(rule, request) || (rule.name !== undefined && !applies(rule.name))) continue;
      const random = controls.randoms.get(rule.id)!;
      if (rule.probability !== undefined && random.next() >= rule.probability) continue;
      if (rule.times !== undefined) {
        const left = rule.times - 1;
        if (left <= 0) {
          controls.rules.splice(index, 1);
          controls.randoms.delete(rule.id);
        } else controls.rules[index] = { ...rule, times: left };
      }
      return { rule, delayMs: (rule.delayMs ?? 0) + (rule.latency ? drawLatency(rule.latency, random) : 0) };
    }
    return undefined;
  }

  // ---------------------------------------------------------------- keeping a world's settings

  /** The world's settings (copies), or undefined when it has none of its own. */
  settings(world: World): WorldSettings | undefined {
    const controls = this.perWorld.get(world);
    if (!controls) return undefined;
    const positions = Object.fromEntries([...controls.randoms].map(([id, random]) => [id, random.position]));
    return { rules: controls.rules.map((rule) => ({ ...rule })), positions, made: controls.made, latencyMs: controls.latencyMs };
  }

  /** Puts `settings` back on the world (replacing what it had): its rules go on where they were. */
  restoreSettings(world: World, settings: WorldSettings): void {
    const rules = settings.rules.map((rule) => ({ ...rule }));
    const randoms = new Map(rules.map((rule) => [rule.id, RuleRandom.at(settings.positions[rule.id] ?? 0)] as const));
    this.perWorld.set(world, { rules, randoms, made: settings.made, latencyMs: settings.latencyMs });
    // New rules' ids stay unique in this page: past every id restored.
    for (const rule of rules) this.ruleCount = Math.max(this.ruleCount, Number(/^rule-(\d+)$/.exec(rule.id)?.[1] ?? 0));
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
      controls = { rules: [], randoms: new Map(), made: 0, latencyMs: null };
      this.perWorld.set(world, controls);
    }
    return controls;
  }
}

/** Whether a rule's path pattern can match some path of an operation's template (`{param}` on either side matches any segment). */
function patternMeetsTemplate(pattern: string, template: string): boolean {
  const wanted = pattern.split('/').filter(Boolean);
  const got = template.split('/').filter(Boolean);
  const isParam = (segment: string) => /^\{[^/{}]+\}$/.test(segment);
  if (got.length < wanted.length) return false;
  return wanted.every((segment, i) => isParam(segment) || isParam(got[i]!) || segment === got[i]);
}
