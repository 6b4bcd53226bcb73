// The /__mock control plane: personas, scenarios and latency, worlds, clock, test helpers, reset and
// state (see docs/control-plane.md and openapi/control/openapi.yaml). `--state FILE` persistence is in ./persistence.
export { ControlState } from './state';
export { pathMatches } from './rules';
export type { ControlOptions, StickyRule, StickyRuleInput } from './state';
export { controlRoutes, STATE_BODY_LIMIT_BYTES } from './routes';
export { decideScenario, SCENARIO_HEADER } from './scenario-gate';
export { describeScenarios, parseScenario, errorBody, FAULTS, SCENARIO_NAMES, SERVER_NOTICE, MAX_DELAY_MS } from './scenarios';
export type { Scenario, ScenarioInfo, FaultName } from './scenarios';
export { controlDocument } from '@creator-market/openapi';
