// The /__mock control plane. Every endpoint is described in openapi/control/openapi.yaml and requests are
// validated against it (bad input is a 400 `bad-request` before anything runs), and every endpoint acts
// on the caller's world (X-Mock-World).
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { personas, type PersonaId } from '@creator-market/fixtures';
import { issueToken } from '../auth/tokens';
import type { AccessPolicy } from '../http/access-policy';
import { errorHandler } from '../http/express-errors';
import type { JournalFilter, RequestJournal } from '../http/journal';
import { ApiFailure } from '../http/failure';
import { ClockRangeError } from '../world/clock';
import type { World } from '../world/world';
import { controlDocument, findOperation } from '@creator-market/openapi';
import { RequestValidator } from '../adapters/request-validator';
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
import type { SellerStatus, SellerStatusChange } from '../world/orders';
import { unknownScenarioMessage } from './scenarios';
import { parseSnapshot, SnapshotError } from './snapshot';
import type { ControlState, StickyRuleInput } from './state';

/** The body limit of `PUT /__mock/state` (a whole world; about 20 MB at scale 1). */
export const STATE_BODY_LIMIT = '200mb';
const BODY_LIMIT = '100kb';

const worldOf = (res: Response): World => res.locals.world as World;

/** The world's clock as the endpoints answer it; also re-stamps X-Mock-Now, which was set before the change. */
function clockOf(world: World, res?: Response) {
  const now = new Date(world.clock.now()).toISOString();
  res?.setHeader('X-Mock-Now', now);
  return { now, offsetMs: world.clock.offset };
}

function worldSummary(world: World, res: Response) {
  clockOf(world, res);
  return { world: world.name, seed: world.seed, scale: world.scale };
}

/** The journal filter of a query string (validated against the control document before this runs). */
function journalFilter(query: Record<string, string>): JournalFilter {
  const { status, limit, ...rest } = query;
  return { ...rest, ...(status ? { status: Number(status) } : {}), ...(limit ? { limit: Number(limit) } : {}) };
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

/** The values of a template's `{name}` segments in a concrete path (`/receipts/{publicId}/deposit`). */
function pathParams(template: string, path: string): Record<string, string> {
  const names = template.split('/');
  const values = path.split('/');
  return Object.fromEntries(
    names.flatMap((name, i) => (/^\{.+\}$/.test(name) ? [[name.slice(1, -1), decodeURIComponent(values[i] ?? '')]] : [])),
  );
}

export function controlRouter(control: ControlState, access: AccessPolicy, journal: RequestJournal): Router {
  const router = express.Router();
  // Before anything reads the body: a page of another site may not change a world (./http/access-policy).
  router.use((req: Request, _res: Response, next: NextFunction) => next(access.controlRefusal(req) ?? undefined));
  const smallJson = express.json({ limit: BODY_LIMIT, strict: true });
  const stateJson = express.json({ limit: STATE_BODY_LIMIT, strict: true });
  // This document itself, for tools (Redoc, Postman); not an operation of it.
  router.get('/openapi.json', (_req, res) => {
    res.json(controlDocument);
  });
  router.use((req: Request, res: Response, next: NextFunction) =>
    (req.method === 'PUT' && req.path === '/state' ? stateJson : smallJson)(req, res, next),
  );
  // Every request is checked against the control document (the same validator as the API's); any other
  // /__mock path is a 404 `not-found`.
  const validator = new RequestValidator(controlDocument);
  router.use((req: Request, _res: Response, next: NextFunction) => {
    const found = findOperation(controlDocument, { method: req.method, path: req.path });
    if (!found) return next(new ApiFailure(404, 'not-found', { message: '없는 제어 API 경로예요.' }));
    const details = validator.validate(found.info, {
      params: pathParams(found.info.path, req.path),
      query: { ...(req.query as object) },
      body: req.body,
    });
    next(details.length ? new ApiFailure(400, 'bad-request', { details }) : undefined);
  });

  // ---------------------------------------------------------------- personas

  router.get('/personas', (_req, res) => {
    res.json({ personas: personas.map(({ id, uid, label, email }) => ({ id, uid, label, email })) });
  });

  router.post('/login', (req, res) => {
    const account = findAccount(worldOf(res).store, { persona: (req.body as { persona: PersonaId }).persona });
    res.json({ token: issueToken(account.uid), uid: account.uid });
  });

  // ---------------------------------------------------------------- scenarios and latency

  router.get('/scenarios', (req, res) => {
    const world = worldOf(res);
    const operationId = req.query.operationId as string | undefined;
    const target = operationId === undefined ? undefined : control.target(operationId);
    if (operationId !== undefined && !target)
      throw badInput(`없는 operationId예요: '${operationId}'. 상품 API와 광고 서비스의 operationId를 써주세요.`);
    res.json({ scenarios: control.catalogue(world, target), rules: control.rules(world) });
  });

  router.post('/scenarios', (req, res) => {
    const input = req.body as StickyRuleInput;
    const scenario = control.scenario(input.name);
    if (!scenario) throw badInput(unknownScenarioMessage(input.name));
    const world = worldOf(res);
    // A rule that could never apply is refused: it names a scenario no operation it matches can answer.
    if (control.operationsFor(scenario, input.method, input.path, world).length === 0) {
      throw badInput(
        `'${scenario.name}' 시나리오를 답할 수 있는 operation이 이 규칙(${input.method ?? '모든 메서드'} ${input.path ?? '모든 경로'})에 없어요. ` +
          'GET /__mock/scenarios?operationId=...에서 operation마다 강제할 수 있는 시나리오를 확인해주세요.',
      );
    }
    const rule = control.addRule(world, { ...input, name: scenario.name }, world.clock.now());
    res.json({ rule });
  });

  router.delete('/scenarios', (_req, res) => {
    res.json({ cleared: control.clearRules(worldOf(res)) });
  });

  router.get('/latency', (_req, res) => {
    res.json({ ms: control.latencyOf(worldOf(res)), globalMs: control.latencyMs });
  });

  router.put('/latency', (req, res) => {
    const world = worldOf(res);
    control.setLatency(world, (req.body as { ms: number }).ms);
    res.json({ ms: control.latencyOf(world), globalMs: control.latencyMs });
  });

  // ---------------------------------------------------------------- worlds and clock

  router.get('/worlds', (_req, res) => {
    res.json({ current: worldOf(res).name, capacity: control.worlds.capacity, worlds: control.worlds.list() });
  });

  router.get('/clock', (_req, res) => {
    res.json(clockOf(worldOf(res)));
  });

  router.put('/clock', (req, res) => {
    const world = worldOf(res);
    const body = req.body as { now?: string | number; offsetMs?: number };
    if (body.now !== undefined) {
      const epochMs = typeof body.now === 'number' ? body.now : Date.parse(body.now);
      if (!Number.isFinite(epochMs)) throw badInput(`now를 시각으로 읽을 수 없어요: ${JSON.stringify(body.now)}`);
      withinClockRange(() => world.clock.set(epochMs));
    } else {
      withinClockRange(() => world.clock.set(Date.now() + body.offsetMs!));
    }
    world.touched();
    res.json(clockOf(world, res));
  });

  router.post('/clock/advance', (req, res) => {
    const world = worldOf(res);
    withinClockRange(() => world.clock.advance((req.body as { ms: number }).ms));
    world.touched();
    res.json(clockOf(world, res));
  });

  router.delete('/clock', (_req, res) => {
    const world = worldOf(res);
    world.clock.reset();
    world.touched();
    res.json(clockOf(world, res));
  });

  // ---------------------------------------------------------------- test helpers

  router.post('/receipts/:publicId/deposit', (req, res) => {
    const world = worldOf(res);
    const receipt = depositReceipt(world, String(req.params.publicId));
    world.touched();
    res.json({ receipt });
  });

  router.post('/receipts/:publicId/status', (req, res) => {
    const world = worldOf(res);
    const { status, ...change } = req.body as { status: SellerStatus } & SellerStatusChange;
    const receipt = moveReceipt(world, String(req.params.publicId), status, change);
    world.touched();
    res.json({ receipt });
  });

  router.post('/notifications', (req, res) => {
    const world = worldOf(res);
    const notification = sendNotification(world, req.body as NotificationInput);
    world.touched();
    res.json({ notification });
  });

  router.post('/markets/:marketId/open', (req, res) => {
    const world = worldOf(res);
    const market = openMarket(world, String(req.params.marketId));
    world.touched();
    res.json({ market });
  });

  router.post('/markets/:marketId/close', (req, res) => {
    const world = worldOf(res);
    const market = closeMarket(world, String(req.params.marketId));
    world.touched();
    res.json({ market });
  });

  router.get('/phone-code', (req, res) => {
    const query = req.query as { uid?: string; persona?: PersonaId };
    res.json(latestPhoneCode(worldOf(res), query));
  });

  // ---------------------------------------------------------------- the request journal

  router.get('/requests', (req, res) => {
    const filter = journalFilter(req.query as Record<string, string>);
    res.json({ capacity: journal.capacity, requests: journal.list(worldOf(res), filter) });
  });

  router.post('/requests/count', (req, res) => {
    res.json({ count: journal.count(worldOf(res), (req.body ?? {}) as JournalFilter) });
  });

  router.delete('/requests', (_req, res) => {
    res.json({ cleared: journal.clear(worldOf(res)) });
  });

  // ---------------------------------------------------------------- reset and state

  router.post('/reset', (req, res) => {
    const seed = (req.body as { seed?: number } | undefined)?.seed;
    const world = control.reset(worldOf(res), seed);
    res.json(worldSummary(world, res));
  });

  router.get('/state', (_req, res) => {
    const world = worldOf(res);
    res.setHeader('Content-Disposition', `attachment; filename="creator-market-world-${world.name}.json"`);
    res.type('application/json').send(JSON.stringify(world.snapshot()));
  });

  router.put('/state', (req, res) => {
    let world: World;
    try {
      world = control.import(worldOf(res), parseSnapshot(req.body));
    } catch (err) {
      if (err instanceof SnapshotError) throw new ApiFailure(400, 'bad-request', { message: `세계 파일을 읽을 수 없어요: ${err.message}` });
      throw err;
    }
    res.json(worldSummary(world, res));
  });

  router.use(errorHandler);
  return router;
}
