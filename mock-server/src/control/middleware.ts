// Applies scenarios and latency to the operations of the product API and the ad service (each API router
// runs it once it knows the request is for one of its operations, before reading the body; never to the
// control plane, the pages or the images). A forced answer is sent before any handler runs, so it never
// changes state.
import type { NextFunction, Request, Response } from 'express';
import { ApiFailure } from '../http/failure';
import type { World } from '../world/world';
import { sendFault } from './faults';
import { errorBody, unknownScenarioMessage, type Scenario } from './scenarios';
import type { ControlState } from './state';

export const SCENARIO_HEADER = 'x-mock-scenario';

export function scenarioMiddleware(control: ControlState) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const world = res.locals.world as World;
    const header = req.header(SCENARIO_HEADER)?.trim();
    let scenario: Scenario | undefined;
    let ruleDelayMs = 0;
    if (header) {
      scenario = control.scenario(header);
      if (!scenario) {
        next(new ApiFailure(400, 'bad-request', { message: unknownScenarioMessage(header) }));
        return;
      }
    } else {
      // The full path: under the ad service's router req.path lost its /ads prefix.
      const rule = control.takeRule(world, req.method, req.baseUrl + req.path);
      if (rule) {
        scenario = control.scenario(rule.name);
        ruleDelayMs = rule.delayMs ?? 0;
      }
    }

    const delayMs = control.latencyOf(world) + ruleDelayMs + (scenario?.kind === 'slow' ? scenario.delayMs : 0);
    const answer = () => {
      if (!scenario) return next();
      res.setHeader('X-Mock-Scenario', scenario.name);
      if (scenario.kind === 'slow') return next();
      if (scenario.kind === 'fault') return sendFault(scenario.name, req, res);
      res.status(scenario.entry.status).json(errorBody(scenario.entry, world));
    };
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  };
}
