// Applies scenarios and latency to the operations of the product API and the ad service: the API listener
// runs it once it knows the request is for one of their operations, before reading the body (never for the
// control plane, the pages or the images). A forced answer is sent before any handler runs, so it never
// changes state. Only what the operation's contract declares is forced (declaredOn): the header naming
// anything else is refused with a 400, and a sticky rule passes over an operation that cannot answer it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiFailure } from '../http/failure';
import { bearerToken, verifyToken } from '../auth/tokens';
import { headerOf } from '../http/request-context';
import type { World } from '../world/world';
import { sendFault } from './faults';
import { declaredOn, forcedError, undeclaredScenarioMessage, unknownScenarioMessage, type Scenario } from './scenarios';
import type { ControlState } from './state';

export const SCENARIO_HEADER = 'x-mock-scenario';

/** What the gate lets through calls `proceed`; what it answers itself never does. */
export interface ScenarioRequest {
  world: World;
  req: IncomingMessage;
  res: ServerResponse;
  /** The operation the request is for. */
  operationId: string;
  /** The request's full path (a sticky rule matches on it). */
  path: string;
  /** Sends a JSON answer (a forced error's body as its service shapes it). */
  sendJson: (status: number, body: unknown) => void;
}

export function scenarioGate(control: ControlState) {
  return ({ world, req, res, operationId, path, sendJson }: ScenarioRequest, proceed: () => void): void => {
    const target = control.target(operationId);
    if (!target) throw new Error(`no scenario target for operation ${operationId}`);
    const header = headerOf(req, SCENARIO_HEADER)?.trim();
    let scenario: Scenario | undefined;
    let ruleDelayMs = 0;
    if (header) {
      scenario = control.scenario(header);
      if (!scenario) throw new ApiFailure(400, 'bad-request', { message: unknownScenarioMessage(header) });
      if (!declaredOn(scenario, target, world)) {
        throw new ApiFailure(400, 'bad-request', { message: undeclaredScenarioMessage(scenario.name, operationId) });
      }
    } else {
      const applies = (name: string) => declaredOn(control.scenario(name)!, target, world);
      const rule = control.takeRule(world, req.method ?? 'GET', path, applies);
      if (rule) {
        scenario = control.scenario(rule.name);
        ruleDelayMs = rule.delayMs ?? 0;
      }
    }

    const delayMs = control.latencyOf(world) + ruleDelayMs + (scenario?.kind === 'slow' ? scenario.delayMs : 0);
    const answer = () => {
      if (!scenario) return proceed();
      res.setHeader('X-Mock-Scenario', scenario.name);
      if (scenario.kind === 'slow') return proceed();
      if (scenario.kind === 'fault') return sendFault(scenario.name, req, res);
      const { status, body } = forcedError(scenario.entry, target, world, verifyToken(bearerToken(headerOf(req, 'authorization'))));
      sendJson(status, body);
    };
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  };
}
