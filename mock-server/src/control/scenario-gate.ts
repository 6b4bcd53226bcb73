// Applies scenarios and latency to the operations of the product API and the ad service: the API listener
// runs it once it knows the request is for one of their operations, before reading the body (never for the
// control plane, the pages or the images). A forced answer is sent before any handler runs, so it never
// changes state.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiFailure, type ErrorBody } from '../http/failure';
import { headerOf } from '../http/request-context';
import type { World } from '../world/world';
import { sendFault } from './faults';
import { errorBody, unknownScenarioMessage, type Scenario } from './scenarios';
import type { ControlState } from './state';

export const SCENARIO_HEADER = 'x-mock-scenario';

/** What the gate lets through calls `proceed`; what it answers itself never does. */
export interface ScenarioRequest {
  world: World;
  req: IncomingMessage;
  res: ServerResponse;
  /** The request's full path (a sticky rule matches on it). */
  path: string;
  /** Sends a forced error answer, in the error shape of the operation's service. */
  sendForcedError(status: number, body: ErrorBody): void;
}

export function scenarioGate(control: ControlState) {
  return ({ world, req, res, path, sendForcedError }: ScenarioRequest, proceed: () => void): void => {
    const header = headerOf(req, SCENARIO_HEADER)?.trim();
    let scenario: Scenario | undefined;
    let ruleDelayMs = 0;
    if (header) {
      scenario = control.scenario(header);
      if (!scenario) throw new ApiFailure(400, 'bad-request', { message: unknownScenarioMessage(header) });
    } else {
      const rule = control.takeRule(world, req.method ?? 'GET', path);
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
      sendForcedError(scenario.entry.status, errorBody(scenario.entry, world));
    };
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  };
}
