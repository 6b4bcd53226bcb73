// Which scenario, if any, answers a request for an operation of the product API or the ad service, and how
// late: the X-Mock-Scenario header, else the world's first matching sticky rule (./rules), plus the latency.
// The core runs it once it knows the operation, before the handler (never for the control plane, the pages
// or the images); it reads the request's body only for a rule that matches bodies. A forced answer is given
// before any handler runs, so it never changes state. Only what the operation's contract declares is forced
// (declaredOn): the header naming anything else is refused with a 400, a misspelt name with the mock's own
// `unknown-scenario` listing the names the operation offers, and a sticky rule passes over an operation that
// cannot answer it.
import { ApiFailure, type ErrorBody } from '../http/failure';
import type { World } from '../world/world';
import { readsBody, type RuleRequest } from './rules';
import { declaredOn, undeclaredScenarioMessage, unknownScenarioMessage, type Scenario, type ScenarioTarget } from './scenarios';
import type { ControlState } from './state';

export const SCENARIO_HEADER = 'x-mock-scenario';

export interface ScenarioDecision {
  /** The scenario forced on the request; undefined lets the handler answer. */
  scenario: Scenario | undefined;
  /** How long to wait before answering (latency, a rule's delay and drawn latency, `slow:MS`). */
  delayMs: number;
}

/** The request as the gate sees it: what rules match on, and its body on demand. */
export interface GateRequest extends Omit<RuleRequest, 'operationId' | 'body'> {
  /** The parsed JSON body (undefined when none or not JSON); read only when a rule matches bodies. */
  readBody: () => Promise<unknown>;
}

/** The mock's own 400 for a scenario name that names nothing: `unknown-scenario`, with the names meant. */
export class UnknownScenario extends ApiFailure {
  constructor(
    name: string,
    readonly scenarios: readonly string[],
  ) {
    super(400, 'bad-request', { message: unknownScenarioMessage(name, scenarios) });
  }

  override get body(): ErrorBody {
    return { data: 'unknown-scenario', message: this.message, scenarios: [...this.scenarios] };
  }
}

/** The scenario names `target` can answer (`slow:MS` stands for its family), as the catalogue lists them; every name without a target. */
export function offeredScenarios(control: ControlState, world: World, target?: ScenarioTarget): string[] {
  return control.catalogue(world, target).map((scenario) => scenario.name);
}

/** Synchronous unless a rule matches bodies and the request's body must be read first. */
export function decideScenario(
  control: ControlState,
  world: World,
  target: ScenarioTarget,
  request: GateRequest,
): ScenarioDecision | Promise<ScenarioDecision> {
  const header = request.header(SCENARIO_HEADER)?.trim();
  if (header) {
    const scenario = control.scenario(header);
    if (!scenario) throw new UnknownScenario(header, offeredScenarios(control, world, target));
    if (!declaredOn(scenario, target, world)) {
      throw new ApiFailure(400, 'bad-request', { message: undeclaredScenarioMessage(scenario.name, target.operationId) });
    }
    return withLatency(control, world, scenario, 0);
  }
  if (!control.hasRules(world)) return withLatency(control, world, undefined, 0);
  const take = (body: unknown): ScenarioDecision => {
    const applies = (name: string) => declaredOn(control.scenario(name)!, target, world);
    const taken = control.takeRule(world, { ...request, operationId: target.operationId, body }, applies);
    const scenario = taken?.rule.name === undefined ? undefined : control.scenario(taken.rule.name);
    return withLatency(control, world, scenario, taken?.delayMs ?? 0);
  };
  return readsBody(control.rules(world)) ? request.readBody().then(take) : take(undefined);
}

function withLatency(control: ControlState, world: World, scenario: Scenario | undefined, ruleDelayMs: number): ScenarioDecision {
  const delayMs = control.latencyOf(world) + ruleDelayMs + (scenario?.kind === 'slow' ? scenario.delayMs : 0);
  return { scenario, delayMs };
}
