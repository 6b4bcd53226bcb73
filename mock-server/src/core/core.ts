// The mock's one core: everything between "a request arrived" and "an answer is ready", whichever door the
// request came through (../doors: node's HTTP listener, msw in the browser's service worker, msw/node in
// component tests). Per request, in order:
//
//   1. the access policy's Host check (../http/access-policy), CORS and preflights;
//   2. the world (X-Mock-World; made in slices first when new, within the per-client bound);
//   3. an operation of the product API or the ad service (./operations): the journal entry, the scenario
//      gate (../control/scenario-gate: forced error, transport fault, latency), then the proxy (proxy mode)
//      or the guard, body, validation, caller and handler, and the error envelope in the service's shape;
//   4. else a route: the /__mock control plane (../control/routes), the pages, images and documents;
//   5. else a 404 `not-found`, journaled as unmatched.
//
// A door converts its transport's request to a CoreRequest and the Answer back, and expresses a fault as
// its transport can; a rule written in a door would be skipped by the others.
import type { OperationInfo } from '@creator-market/openapi';
import { controlRoutes } from '../control/routes';
import { decideScenario } from '../control/scenario-gate';
import { forcedError } from '../control/scenarios';
import { ControlState } from '../control/state';
import { bearerToken, verifyToken } from '../auth/tokens';
import type { HandlerMap } from '../handlers/types';
import { createAccessPolicy, type AccessPolicy } from '../http/access-policy';
import { jsonAnswer, parseSearch, utf8, type Answer, type AnswerHeaders, type CoreRequest } from '../http/exchange';
import { ApiFailure, toErrorResponse, type ErrorBody } from '../http/failure';
import { errorCodeOf, RequestJournal, screenOf, type JournalRecord } from '../http/journal';
import { MalformedPathError, OperationTable } from '../http/operation-table';
import type { ForwardedAnswer, OperationProxy } from '../recording/proxy';
import type { Route } from '../http/routes';
import { staticRoutes, type StaticAssets } from '../http/static';
import { paymentPageRoutes } from '../pages/payments';
import { diffAnswers, type DiffFinding } from '../recording/diff';
import { postcodeRoutes } from '../pages/postcode';
import { sellerCenterRoutes } from '../pages/seller-center';
import { WorldCapacityError, WorldQuotaError, WorldRegistry } from '../world/registry';
import type { World } from '../world/world';
import {
  answerOperation,
  apiServices,
  jsonBodyForRules,
  OperationRoutes,
  readOperationBody,
  scenarioTargets,
  type OperationRoute,
} from './operations';

export interface CoreOptions {
  seed: number;
  scale: number;
  /** Global latency added to every API response, ms. */
  latencyMs: number;
  /** Origins allowed besides loopback ones: CORS, control-plane changes, sign-in and payment returns (--allow-origin). */
  allowOrigins: string[];
  /** Host names this server answers to besides loopback names (--allow-host; DNS-rebinding guard). */
  allowHosts: string[];
  /** At most this many named worlds (X-Mock-World) are kept; the least recently used is evicted. */
  maxWorlds: number;
  /** At most this many new worlds one client (address) may have made in a minute; past it a 429. */
  maxNewWorldsPerMinute: number;
  /** The request journal keeps this many requests per world (--journal N); 0 keeps none. */
  journal: number;
  /** Pins every world's start (epoch ms; tests): see WorldOptions.startAt. */
  startAt?: number;
}

export const DEFAULT_CORE_OPTIONS: CoreOptions = {
  seed: 1,
  scale: 1,
  latencyMs: 0,
  allowOrigins: [],
  allowHosts: [],
  maxWorlds: 64,
  maxNewWorldsPerMinute: 120,
  journal: 1000,
};

export interface CoreParts {
  /** Worlds made elsewhere (a restored --state default, a test's shared one). */
  worlds?: WorldRegistry;
  /** Proxy mode: the product API operations it forwards go to the real server (../recording/proxy). */
  proxy?: OperationProxy;
  /** Files only some doors have (Redoc's script for /docs). */
  assets?: StaticAssets;
  /** Handlers to use instead of the server's (a component test overriding one operation). */
  handlers?: Partial<HandlerMap>;
}

export interface Core {
  handle(request: CoreRequest): Promise<Answer>;
  worlds: WorldRegistry;
  control: ControlState;
  journal: RequestJournal;
  access: AccessPolicy;
}

const EXPOSED_HEADERS = 'X-Mock-Now, X-Mock-World, X-Mock-World-Status, X-Mock-Scenario';
const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Mock-Scenario, X-Mock-Screen, X-Mock-World';

/** The CORS headers for a request from `origin`: none unless the access policy allows it. */
export function corsHeaders(originAllowed: (origin: string) => boolean, origin: string | undefined, headers: AnswerHeaders): AnswerHeaders {
  if (!origin || !originAllowed(origin)) return headers;
  headers['Access-Control-Allow-Origin'] = origin;
  headers.Vary = 'Origin';
  headers['Access-Control-Allow-Headers'] = ALLOWED_HEADERS;
  headers['Access-Control-Allow-Methods'] = 'GET, POST, PUT, DELETE, OPTIONS';
  headers['Access-Control-Expose-Headers'] = EXPOSED_HEADERS;
  headers['Access-Control-Max-Age'] = '600';
  return headers;
}

/** Any failure as the shared ErrorBody (reshaped by the service); never a stack trace. */
export function errorAnswer(err: unknown, headers: AnswerHeaders, formatError?: (status: number, body: ErrorBody) => unknown): Answer {
  const { status, body } = toErrorResponse(err);
  if (err instanceof ApiFailure && err.extra.headers) Object.assign(headers, err.extra.headers);
  return jsonAnswer(status, formatError ? formatError(status, body) : body, headers);
}

/** A new world refused by the registry (a client's per-minute bound, every kept world in use) as a 429 with Retry-After. */
function worldRefusal(err: unknown): unknown {
  if (err instanceof WorldQuotaError || err instanceof WorldCapacityError)
    return new ApiFailure(429, 'too-many-requests', { message: err.message, headers: { 'Retry-After': String(err.retryAfterSeconds) } });
  return err;
}

/**
 * Waits `ms` or more by the monotonic clock the journal's durations use: a timer can fire a fraction of a
 * millisecond before `performance.now()` says its time has passed, and a set latency is a floor QA asserts.
 */
async function sleep(ms: number): Promise<void> {
  const until = performance.now() + ms;
  for (let left = ms; left > 0; left = until - performance.now()) {
    await new Promise<void>((resolve) => setTimeout(resolve, Math.ceil(left)));
  }
}

/** A conforming answer's violations: one shared empty list (a proxied answer's check sets its own). */
const NO_VIOLATIONS: string[] = [];

/** The caller's world, stamped on the answer's headers with its clock; a 400 for an invalid name. */
function enterWorld(worlds: WorldRegistry, name: string | undefined, headers: AnswerHeaders): World {
  if (name !== undefined && !WorldRegistry.isValidName(name.trim())) {
    throw new ApiFailure(400, 'bad-request', { message: 'X-Mock-World 이름은 영문, 숫자, _ . : - 로 64자 이내여야 해요.' });
  }
  let resolved: ReturnType<WorldRegistry['resolve']>;
  try {
    resolved = worlds.resolve(name);
  } catch (err) {
    throw worldRefusal(err);
  }
  const { world, status } = resolved;
  headers['X-Mock-World'] = world.name;
  if (status !== 'existing') headers['X-Mock-World-Status'] = status;
  headers['X-Mock-Now'] = isoTime(world.clock.now());
  return world;
}

/** The last time stamped and its ISO string: the requests of one millisecond share it (most under load). */
let lastStamp = { ms: Number.NaN, iso: '' };
function isoTime(ms: number): string {
  if (ms !== lastStamp.ms) lastStamp = { ms, iso: new Date(ms).toISOString() };
  return lastStamp.iso;
}

/** The journal's record of one request, before its answer (`finish` fills that in). */
function journalRecord(
  world: World,
  request: CoreRequest,
  operationId: string | null,
  matched: boolean,
  source: 'mocked' | 'proxied',
): JournalRecord {
  return {
    timeMs: world.clock.now(),
    realMs: Date.now(),
    world: world.name,
    operationId,
    matched,
    method: request.method,
    path: request.pathname,
    search: request.search,
    body: undefined,
    status: 0,
    errorCode: null,
    screen: screenOf(request.header('x-mock-screen')),
    durationMs: 0,
    source,
    violations: NO_VIOLATIONS,
    scenario: null,
    fault: null,
    diff: null,
  };
}

/** What diff mode answers again with: the shadow worlds, the origin rule, and where the findings go. */
interface Shadowing {
  shadows: NonNullable<OperationProxy['shadows']>;
  originAllowed: AccessPolicy['originAllowed'];
  diffs: NonNullable<OperationProxy['diffs']>;
}

/**
 * Diff mode (../recording/diff): the forwarded request answered again by our own handler in the caller's
 * shadow world (../recording/shadow: a copy of the world made from the same records as every world), and the
 * two answers compared by meaning.
 */
async function shadowDiff(
  shadowing: Shadowing,
  request: CoreRequest,
  route: OperationRoute,
  params: Record<string, string>,
  world: World,
  forwarded: ForwardedAnswer,
): Promise<DiffFinding[]> {
  const shadow = shadowing.shadows.of(world);
  const bytes = forwarded.requestBytes;
  const again: CoreRequest = {
    method: request.method,
    pathname: request.pathname,
    search: request.search,
    header: (name) => request.header(name),
    headerEntries: () => request.headerEntries(),
    hasBody: bytes !== undefined && bytes.byteLength > 0,
    body: () => Promise.resolve(bytes ?? new Uint8Array()),
    origin: request.origin,
    clientAddress: request.clientAddress,
  };
  let mine: Answer;
  try {
    const rejection = route.service.guard?.(again);
    if (rejection) throw rejection;
    const input = await readOperationBody(again, route);
    const query: Record<string, unknown> = parseSearch(request.search);
    mine = answerOperation(again, route, params, query, input, { world: shadow, originAllowed: shadowing.originAllowed }, {});
  } catch (err) {
    mine = errorAnswer(err, {}, route.service.formatError);
  }
  const text = mine.body === undefined ? '' : typeof mine.body === 'string' ? mine.body : utf8(mine.body);
  let body: unknown = text === '' ? undefined : text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: compared as its text
  }
  const findings = diffAnswers({ status: forwarded.answer.status, body: forwarded.body }, { status: mine.status, body });
  shadowing.diffs.add(route.op.operationId, findings);
  return findings;
}

export function createCore(partial: Partial<CoreOptions> = {}, parts: CoreParts = {}): Core {
  const options = { ...DEFAULT_CORE_OPTIONS, ...partial };
  const worlds =
    parts.worlds ??
    new WorldRegistry({
      seed: options.seed,
      scale: options.scale,
      maxWorlds: options.maxWorlds,
      maxNewWorldsPerMinute: options.maxNewWorldsPerMinute,
      startAt: options.startAt,
    });
  const services = apiServices(parts.handlers);
  const control = new ControlState({
    latencyMs: options.latencyMs,
    worlds,
    defaultSeed: options.seed,
    scale: options.scale,
    targets: scenarioTargets(services),
  });
  const access = createAccessPolicy({ allowOrigins: options.allowOrigins, allowHosts: options.allowHosts });
  const journal = new RequestJournal(options.journal);
  const proxy = parts.proxy;
  const shadowing: Shadowing | null =
    proxy?.diffs && proxy.shadows ? { shadows: proxy.shadows, originAllowed: access.originAllowed, diffs: proxy.diffs } : null;
  const operations = new OperationRoutes(services, (op: OperationInfo) => proxy?.forwards(op) ?? false);
  const routes = new OperationTable<Route>([
    ...controlRoutes({ control, access, journal, diffs: proxy?.diffs ?? null }),
    ...staticRoutes(parts.assets, { appOrigin: options.allowOrigins[0] }),
    ...paymentPageRoutes(worlds, access),
    ...sellerCenterRoutes(worlds, access),
    ...postcodeRoutes(),
  ]);

  const finish = (world: World, entry: JournalRecord | null, started: number, answer: Answer): Answer => {
    if (entry) {
      // What the client got: an empty response is a whole HTTP answer (a 200 without a body); every other fault is none (0).
      entry.status = answer.fault ? (answer.fault === 'empty-response' ? 200 : 0) : answer.status;
      entry.fault = answer.fault ?? null;
      entry.errorCode = answer.fault ? null : errorCodeOf(answer.status, answer.body);
      entry.durationMs = Math.round((performance.now() - started) * 100) / 100;
      journal.record(world, entry);
    }
    return answer;
  };

  async function answerOperationRequest(
    request: CoreRequest,
    route: OperationRoute,
    params: Record<string, string>,
    world: World,
    headers: AnswerHeaders,
  ): Promise<Answer> {
    const started = performance.now();
    const { op, service } = route;
    const entry = journal.enabled ? journalRecord(world, request, op.operationId, true, route.proxied ? 'proxied' : 'mocked') : null;
    try {
      const target = control.target(op.operationId)!;
      const decision = decideScenario(control, world, target, {
        method: request.method,
        path: request.pathname,
        query: () => parseSearch(request.search),
        header: (name) => request.header(name),
        readBody: () => jsonBodyForRules(request),
      });
      const { scenario, delayMs } = decision instanceof Promise ? await decision : decision;
      if (delayMs > 0) await sleep(delayMs);
      if (scenario) {
        headers['X-Mock-Scenario'] = scenario.name;
        if (entry) entry.scenario = scenario.name;
        if (scenario.kind === 'fault') return finish(world, entry, started, { status: 0, headers, fault: scenario.name });
        if (scenario.kind === 'error') {
          const { status, body } = forcedError(scenario.entry, target, world, verifyToken(bearerToken(request.header('authorization'))));
          return finish(world, entry, started, jsonAnswer(status, body, headers));
        }
      }
      if (route.proxied) {
        const forwarded = await proxy!.forward(request, op);
        if (entry) {
          entry.body = forwarded.requestBody;
          entry.violations = forwarded.violations;
        }
        if (shadowing) {
          const diff = await shadowDiff(shadowing, request, route, params, world, forwarded);
          if (entry) entry.diff = diff;
        }
        Object.assign(forwarded.answer.headers, headers);
        return finish(world, entry, started, forwarded.answer);
      }
      const rejection = service.guard?.(request);
      if (rejection) throw rejection;
      const input = await readOperationBody(request, route);
      if (entry) entry.body = input.body;
      const query: Record<string, unknown> = parseSearch(request.search);
      const answer = answerOperation(request, route, params, query, input, { world, originAllowed: access.originAllowed }, headers);
      return finish(world, entry, started, answer);
    } catch (err) {
      return finish(world, entry, started, errorAnswer(err, headers, service.formatError));
    }
  }

  async function answerRoute(
    request: CoreRequest,
    route: Route,
    params: Record<string, string>,
    world: World,
    headers: AnswerHeaders,
  ): Promise<Answer> {
    return route.handle({ request, world, params, query: parseSearch(request.search), headers });
  }

  async function handle(request: CoreRequest): Promise<Answer> {
    const headers: AnswerHeaders = {};
    // Every request, API, pages and control plane alike, must name this server by a name it answers to.
    const refusal = access.hostRefusal(request.header('host'));
    if (refusal) return errorAnswer(refusal, headers);
    corsHeaders(access.originAllowed, request.header('origin'), headers);
    if (request.method === 'OPTIONS') return { status: 204, headers };
    let world: World | undefined;
    try {
      const worldName = request.header('x-mock-world');
      // A world that does not exist yet is made in slices, so other clients are answered meanwhile.
      if (worlds.needsPreparing(worldName)) {
        try {
          await worlds.prepare(worldName!, request.clientAddress);
        } catch (err) {
          throw worldRefusal(err);
        }
      }
      const operation = operations.find(request.method, request.pathname);
      if (operation) {
        world = enterWorld(worlds, worldName, headers);
        return await answerOperationRequest(request, operation.op, operation.params, world, headers);
      }
      world = enterWorld(worlds, worldName, headers);
      const route = routes.match(request.method, request.pathname);
      if (route) return await answerRoute(request, route.op, route.params, world, headers);
      const started = performance.now();
      const entry = journal.enabled ? journalRecord(world, request, null, false, 'mocked') : null;
      return finish(world, entry, started, errorAnswer(new ApiFailure(404, 'not-found', { message: '없는 API 경로예요.' }), headers));
    } catch (err) {
      if (err instanceof MalformedPathError) {
        return errorAnswer(new ApiFailure(400, 'bad-request', { message: '경로의 값이 올바른 URL 인코딩이 아니에요.' }), headers);
      }
      return errorAnswer(err, headers);
    }
  }

  return { handle, worlds, control, journal, access };
}
