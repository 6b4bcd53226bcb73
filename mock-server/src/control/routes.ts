// The /__mock control plane as routes of the core. Every endpoint is described in
// openapi/control/openapi.yaml and requests are validated against it (bad input is a 400 `bad-request`
// before anything runs), and every endpoint acts on the caller's world (X-Mock-World).
import { personas, type PersonaId } from '@creator-market/fixtures';
import { controlDocument, listOperations } from '@creator-market/openapi';
import { RequestValidator } from '../http/request-validator';
import { issueToken } from '../auth/tokens';
import type { AccessPolicy } from '../http/access-policy';
import { jsonAnswer, utf8, type Answer } from '../http/exchange';
import { ApiFailure } from '../http/failure';
import type { JournalFilter, RequestJournal } from '../http/journal';
import { parseJsonBody } from '../http/json-body';
import type { Route, RouteContext } from '../http/routes';
import type { DiffLog } from '../recording/diff';
import { ClockRangeError } from '../world/clock';
import type { SellerStatus, SellerStatusChange } from '../world/orders';
import type { World } from '../world/world';
import {
  badInput,
  closeMarket,
  depositReceipt,
  findAccount,
  latestPhoneCode,
  moveReceipt,
  openMarket,
  sendNotification,
  type NotificationInput,
} from './helpers';
import { changeRecord, makeRecord, type RecordEntity } from './records';
import { offeredScenarios, UnknownScenario } from './scenario-gate';
import { parseSnapshot, SnapshotError } from './snapshot';
import type { ControlState, StickyRuleInput } from './state';

/** The body limit of `PUT /__mock/state` (a whole world; about 20 MB at scale 1). */
export const STATE_BODY_LIMIT_BYTES = 200 * 1024 * 1024;
const BODY_LIMIT_BYTES = 100 * 1024;

export const CONTROL_PREFIX = '/__mock';

/** The world's clock as the endpoints answer it; also re-stamps X-Mock-Now, which was set before the change. */
function clockOf(world: World, context?: RouteContext) {
  const now = new Date(world.clock.now()).toISOString();
  if (context) context.headers['X-Mock-Now'] = now;
  return { now, offsetMs: world.clock.offset };
}

function worldSummary(world: World, context: RouteContext) {
  clockOf(world, context);
  return { world: world.name, seed: world.seed, scale: world.scale };
}

/** The journal filter of a query string (validated against the control document before this runs). */
function journalFilter(query: Record<string, string>): JournalFilter {
  const { status, limit, unmatched, ...rest } = query;
  return {
    ...rest,
    ...(status ? { status: Number(status) } : {}),
    ...(limit ? { limit: Number(limit) } : {}),
    ...(unmatched ? { unmatched: unmatched === 'true' } : {}),
  };
}

/** Runs a clock change; a time outside the clock's range is a 400 and leaves the clock as it was. */
function withinClockRange(change: () => void): void {
  try {
    change();
  } catch (err) {
    if (err instanceof ClockRangeError) throw badInput(err.message);
    throw err;
  }
}

/** What one control endpoint does with its validated input: its JSON answer (or a whole answer). */
type Endpoint = (input: {
  world: World;
  body: unknown;
  query: Record<string, string>;
  params: Record<string, string>;
  context: RouteContext;
}) => unknown;

export interface ControlRoutesOptions {
  control: ControlState;
  access: AccessPolicy;
  journal: RequestJournal;
  /** Diff mode's findings (`--proxy URL --diff`, ../recording/diff); null when it is off. */
  diffs?: DiffLog | null;
}

/** The personas, and a token for one of them. */
const personaEndpoints: Record<string, Endpoint> = {
  listPersonas: () => ({ personas: personas.map(({ id, uid, label, email }) => ({ id, uid, label, email })) }),
  loginAsPersona: ({ world, body }) => {
    const account = findAccount(world.store, { persona: (body as { persona: PersonaId }).persona });
    return { token: issueToken(account.uid), uid: account.uid };
  },
};

/** Sticky scenario rules and the latency of the caller's world. */
function scenarioEndpoints(control: ControlState): Record<string, Endpoint> {
  return {
    listScenarios: ({ world, query }) => {
      const operationId = query.operationId;
      const target = operationId === undefined ? undefined : control.target(operationId);
      if (operationId !== undefined && !target)
        throw badInput(`없는 operationId예요: '${operationId}'. 상품 API와 광고 서비스의 operationId를 써주세요.`);
      return { scenarios: control.catalogue(world, target), rules: control.rules(world) };
    },
    addScenarioRule: ({ world, body }) => {
      const input = body as StickyRuleInput;
      const target = input.operationId === undefined ? undefined : control.target(input.operationId);
      if (input.operationId !== undefined && !target)
        throw badInput(`없는 operationId예요: '${input.operationId}'. 상품 API와 광고 서비스의 operationId를 써주세요.`);
      if (input.latency?.distribution === 'uniform' && input.latency.max < input.latency.min)
        throw badInput(`latency의 max(${input.latency.max})가 min(${input.latency.min})보다 작아요.`);
      if (input.name === undefined) {
        // A rule that forces nothing only waits.
        if (input.latency === undefined && input.delayMs === undefined)
          throw badInput('규칙에 name(강제할 시나리오)이나 latency·delayMs(기다릴 시간) 중 하나는 있어야 해요.');
        return { rule: control.addRule(world, input, world.clock.now()) };
      }
      const scenario = control.scenario(input.name);
      if (!scenario) throw new UnknownScenario(input.name, offeredScenarios(control, world, target));
      // A rule that could never apply is refused: it names a scenario no operation it matches can answer.
      if (control.operationsFor(scenario, input, world).length === 0) {
        throw badInput(
          `'${scenario.name}' 시나리오를 답할 수 있는 operation이 이 규칙(${input.operationId ?? `${input.method ?? '모든 메서드'} ${input.path ?? '모든 경로'}`})에 없어요. ` +
            'GET /__mock/scenarios?operationId=...에서 operation마다 강제할 수 있는 시나리오를 확인해주세요.',
        );
      }
      return { rule: control.addRule(world, { ...input, name: scenario.name }, world.clock.now()) };
    },
    deleteScenarioRule: ({ world, params }) => {
      if (!control.removeRule(world, params.id!))
        throw new ApiFailure(404, 'not-found', {
          message: `이 세계에 '${params.id}' 규칙이 없어요 (GET /__mock/scenarios의 rules에서 id를 확인해주세요).`,
        });
      return { cleared: 1 };
    },
    clearScenarioRules: ({ world }) => ({ cleared: control.clearRules(world) }),
    getLatency: ({ world }) => ({ ms: control.latencyOf(world), globalMs: control.latencyMs }),
    setLatency: ({ world, body }) => {
      control.setLatency(world, (body as { ms: number }).ms);
      return { ms: control.latencyOf(world), globalMs: control.latencyMs };
    },
  };
}

/** The worlds, and the caller's world's clock. */
function clockEndpoints(control: ControlState): Record<string, Endpoint> {
  return {
    listWorlds: ({ world }) => ({ current: world.name, capacity: control.worlds.capacity, worlds: control.worlds.list() }),
    getClock: ({ world }) => clockOf(world),
    setClock: ({ world, body, context }) => {
      const input = body as { now?: string | number; offsetMs?: number };
      if (input.now !== undefined) {
        const epochMs = typeof input.now === 'number' ? input.now : Date.parse(input.now);
        if (!Number.isFinite(epochMs)) throw badInput(`now를 시각으로 읽을 수 없어요: ${JSON.stringify(input.now)}`);
        withinClockRange(() => world.clock.set(epochMs));
      } else {
        withinClockRange(() => world.clock.setOffset(input.offsetMs!));
      }
      world.touched();
      return clockOf(world, context);
    },
    advanceClock: ({ world, body, context }) => {
      withinClockRange(() => world.clock.advance((body as { ms: number }).ms));
      world.touched();
      return clockOf(world, context);
    },
    resetClock: ({ world, context }) => {
      world.clock.reset();
      world.touched();
      return clockOf(world, context);
    },
  };
}

/** What a test moves on in one call: a deposit, a receipt's status, a notification, a market, the last phone code. */
const testHelperEndpoints: Record<string, Endpoint> = {
  confirmReceiptDeposit: ({ world, params }) => {
    const receipt = depositReceipt(world, params.publicId!);
    world.touched();
    return { receipt };
  },
  setReceiptStatus: ({ world, params, body }) => {
    const { status, ...change } = body as { status: SellerStatus } & SellerStatusChange;
    const receipt = moveReceipt(world, params.publicId!, status, change);
    world.touched();
    return { receipt };
  },
  sendNotification: ({ world, body }) => {
    const notification = sendNotification(world, body as NotificationInput);
    world.touched();
    return { notification };
  },
  openMarket: ({ world, params }) => {
    const market = openMarket(world, params.marketId!);
    world.touched();
    return { market };
  },
  closeMarket: ({ world, params }) => {
    const market = closeMarket(world, params.marketId!);
    world.touched();
    return { market };
  },
  getPhoneCode: ({ world, query }) => latestPhoneCode(world, query),
};

/** Records made or changed in one call (./records). */
const recordEndpoints: Record<string, Endpoint> = {
  createRecord: ({ world, params, body, context }) =>
    jsonAnswer(201, makeRecord(world, params.entity as RecordEntity, (body ?? {}) as Record<string, unknown>), context.headers),
  updateRecord: ({ world, params, body }) =>
    changeRecord(world, params.entity as RecordEntity, params.id!, (body ?? {}) as Record<string, unknown>),
};

/** The request journal of the caller's world. */
function journalEndpoints(journal: RequestJournal): Record<string, Endpoint> {
  return {
    listRequests: ({ world, query }) => ({ capacity: journal.capacity, requests: journal.list(world, journalFilter(query)) }),
    countRequests: ({ world, body }) => ({ count: journal.count(world, body ?? {}) }),
    clearRequests: ({ world }) => ({ cleared: journal.clear(world) }),
  };
}

/** Diff mode's findings (empty when it is off). */
function diffEndpoints(diffs: DiffLog | null): Record<string, Endpoint> {
  return {
    getDiff: () => ({ enabled: diffs !== null, ...(diffs?.summary() ?? { operations: [], compared: 0, differing: 0 }) }),
  };
}

/** The caller's world reset, exported or replaced. */
function stateEndpoints(control: ControlState): Record<string, Endpoint> {
  return {
    resetWorld: ({ world, body, context }) => worldSummary(control.reset(world, (body as { seed?: number } | undefined)?.seed), context),
    exportState: ({ world, context }): Answer => {
      context.headers['Content-Disposition'] = `attachment; filename="creator-market-world-${world.name}.json"`;
      return jsonAnswer(200, world.snapshot(), context.headers);
    },
    importState: ({ world, body, context }) => {
      let next: World;
      try {
        next = control.import(world, parseSnapshot(body));
      } catch (err) {
        if (err instanceof SnapshotError)
          throw new ApiFailure(400, 'bad-request', { message: `세계 파일을 읽을 수 없어요: ${err.message}` });
        throw err;
      }
      return worldSummary(next, context);
    },
  };
}

/** Every /__mock route: the control document's operations, and the document itself. */
export function controlRoutes({ control, access, journal, diffs = null }: ControlRoutesOptions): Route[] {
  const validator = new RequestValidator(controlDocument);
  const operations = listOperations(controlDocument);
  // GET /__mock: every route on one line, method and path aligned.
  const index = operations.map((op) => {
    const method = op.method.toUpperCase();
    const path = `${CONTROL_PREFIX}${op.path === '/' ? '' : op.path}`;
    return { line: `${method.padEnd(6)} ${path}  ${op.summary}`, method, path, operationId: op.operationId, summary: op.summary };
  });
  const endpoints: Record<string, Endpoint> = {
    listControlRoutes: () => ({ routes: index, document: `${CONTROL_PREFIX}/openapi.json`, docs: `${CONTROL_PREFIX}/docs` }),
    ...personaEndpoints,
    ...scenarioEndpoints(control),
    ...clockEndpoints(control),
    ...testHelperEndpoints,
    ...recordEndpoints,
    ...journalEndpoints(journal),
    ...diffEndpoints(diffs),
    ...stateEndpoints(control),
  };

  const routes: Route[] = operations.map((op) => {
    const endpoint = endpoints[op.operationId];
    if (!endpoint) throw new Error(`no control endpoint for operation ${op.operationId}`);
    const limit = op.operationId === 'importState' ? STATE_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
    return {
      method: op.method.toUpperCase(),
      path: `${CONTROL_PREFIX}${op.path}`,
      async handle(context) {
        const { request } = context;
        // Before anything reads the body: a page of another site may not change a world (../http/access-policy).
        const refusal = access.controlRefusal(request);
        if (refusal) throw refusal;
        const body = request.hasBody ? readJson(await request.body(limit), request.header('content-type') ?? '', limit) : undefined;
        const query = Object.fromEntries(
          Object.entries(context.query).map(([key, value]) => [key, Array.isArray(value) ? value[0]! : value]),
        );
        const details = validator.validate(op, { params: context.params, query: context.query, body });
        if (details.length) throw new ApiFailure(400, 'bad-request', { details });
        const result = endpoint({ world: context.world, body, query, params: context.params, context });
        return isAnswer(result) ? result : jsonAnswer(200, result, context.headers);
      },
    };
  });
  // The index without its slash too (GET /__mock).
  const indexRoute = routes.find((route) => route.path === `${CONTROL_PREFIX}/` && route.method === 'GET')!;
  routes.push({ ...indexRoute, path: CONTROL_PREFIX });
  // The document itself (GET /__mock/openapi.json) is served with the other documents (../http/static).
  return routes;
}

function isAnswer(value: unknown): value is Answer {
  return (
    typeof value === 'object' && value !== null && 'status' in value && 'headers' in value && typeof (value as Answer).status === 'number'
  );
}

/** A control body: JSON (strict: an object or array) up to `limit`; the state import may be far larger than an API body. */
function readJson(bytes: Uint8Array, contentType: string, limit: number): unknown {
  if (bytes.byteLength === 0) return undefined;
  return parseJsonBody(utf8(bytes), contentType, bytes.byteLength, limit);
}
