// Which scenario, if any, answers a request for an operation of the product API or the ad service, and how
// late: the X-Mock-Scenario header, else the world's first matching sticky rule, plus the latency. The core
// runs it once it knows the operation, before reading the body (never for the control plane, the pages or
// the images). A forced answer is given before any handler runs, so it never changes state. Only what the
// operation's contract declares is forced (declaredOn): the header naming anything else is refused with a
// 400, and a sticky rule passes over an operation that cannot answer it.
import { ApiFailure } from '../http/failure';
import type { World } from '../world/world';
import { declaredOn, undeclaredScenarioMessage, unknownScenarioMessage, type Scenario, type ScenarioTarget } from './scenarios';
import type { ControlState } from './state';

export const SCENARIO_HEADER = 'x-mock-scenario';

export interface ScenarioDecision {
  /** The scenario forced on the request; undefined lets the handler answer. */
  scenario: Scenario | undefined;
  /** How long to wait before answering (latency, a rule's delay, `slow:MS`). */
  delayMs: number;
}

export function decideScenario(
  control: ControlState,
  world: World,
  target: ScenarioTarget,
  request: { method: string; path: string; header: string | undefined },
): ScenarioDecision {
  const header = request.header?.trim();
  let scenario: Scenario | undefined;
  let ruleDelayMs = 0;
  if (header) {
    scenario = control.scenario(header);
    if (!scenario) throw new ApiFailure(400, 'bad-request', { message: unknownScenarioMessage(header) });
    if (!declaredOn(scenario, target, world)) {
      throw new ApiFailure(400, 'bad-request', { message: undeclaredScenarioMessage(scenario.name, target.operationId) });
    }
  } else {
    const applies = (name: string) => declaredOn(control.scenario(name)!, target, world);
    const rule = control.takeRule(world, request.method, request.path, applies);
    if (rule) {
      scenario = control.scenario(rule.name);
      ruleDelayMs = rule.delayMs ?? 0;
    }
  }
  const delayMs = control.latencyOf(world) + ruleDelayMs + (scenario?.kind === 'slow' ? scenario.delayMs : 0);
  return { scenario, delayMs };
}
