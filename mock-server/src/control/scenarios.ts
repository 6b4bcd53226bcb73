// The scenario catalogue: every response QA can force with `X-Mock-Scenario: NAME` or a sticky rule.
// The error scenarios are built from the sdk's error catalogue (ERROR_CATALOGUE_ENTRIES), one per entry
// that has an HTTP status, so the two cannot drift; the UI text of each is what the sdk's resolveError
// makes of its body. Status 0 entries are reached by the transport faults (`network-error`) and by
// `slow:MS` beyond the client's timeout (`timeout`).
import { personaById } from '@creator-market/fixtures';
import {
  availableQuantity,
  ERROR_CATALOGUE_ENTRIES,
  isErrorCode,
  type ErrorCode,
  resolveError,
  visibleOptions,
  type CatalogueCode,
  type ErrorAction,
  type ErrorCatalogueEntry,
} from '@creator-market/sdk/domain';
import { DEFAULT_TIMEOUT_MS, readErrorBody } from '@creator-market/sdk/client';
import type { OpenApiDocument } from '@creator-market/openapi';
import type { components as AdComponents } from '@creator-market/sdk/generated/ads';
import { validateResponse } from '@creator-market/openapi/contract';
import { ApiFailure, type ErrorBody, type ErrorListItem } from '../http/failure';
import { stateOf } from '../world/views';
import type { World } from '../world/world';

type AdError = AdComponents['schemas']['AdError'];

export { FAULTS, type FaultName } from '../http/faults';
import { FAULTS, type FaultName } from '../http/faults';

/** The longest `slow:MS` delay accepted (two minutes). */
export const MAX_DELAY_MS = 120_000;

/** A catalogue entry that an HTTP answer carries (not a status 0 one). */
export type ResponseEntry = ErrorCatalogueEntry & { code: ErrorCode };

export type Scenario =
  | { kind: 'error'; name: string; entry: ResponseEntry }
  | { kind: 'fault'; name: FaultName }
  | { kind: 'slow'; name: string; delayMs: number };

/** The statuses whose scenario is named by the spec's code; the others are `http-<status>`. */
const NAMED_BY_CODE = new Set([400, 403, 404]);

function errorScenarioName(entry: ResponseEntry): string {
  return NAMED_BY_CODE.has(entry.status) ? entry.code : `http-${entry.status}`;
}

/** Error scenarios by name, in the sdk catalogue's order. */
const ERROR_SCENARIOS: ReadonlyMap<string, ResponseEntry> = new Map(
  ERROR_CATALOGUE_ENTRIES.filter((entry): entry is ResponseEntry => entry.status > 0 && isErrorCode(entry.code)).map((entry) => [
    errorScenarioName(entry),
    entry,
  ]),
);

/** Every fixed scenario name (errors, then faults); `slow:MS` is a family of names besides these. */
export const SCENARIO_NAMES: readonly string[] = [...ERROR_SCENARIOS.keys(), ...(Object.keys(FAULTS) as FaultName[])];

/** The scenario a name stands for, or undefined when the name is unknown. */
export function parseScenario(raw: string): Scenario | undefined {
  const name = raw.trim();
  const entry = ERROR_SCENARIOS.get(name);
  if (entry) return { kind: 'error', name, entry };
  if (Object.hasOwn(FAULTS, name)) return { kind: 'fault', name: name as FaultName };
  const slow = /^slow:(\d{1,6})$/.exec(name);
  if (slow) {
    const delayMs = Number(slow[1]);
    if (delayMs <= MAX_DELAY_MS) return { kind: 'slow', name: `slow:${delayMs}`, delayMs };
  }
  return undefined;
}

export function unknownScenarioMessage(name: string, offered: readonly string[]): string {
  return `알 수 없는 시나리오예요: '${name}'. 쓸 수 있는 이름: ${offered.join(', ')} (GET /__mock/scenarios에서 각각을 확인해주세요).`;
}

export function undeclaredScenarioMessage(name: string, operationId: string): string {
  return (
    `'${name}' 시나리오는 ${operationId}의 계약에 없는 응답이라 강제할 수 없어요. ` +
    `GET /__mock/scenarios?operationId=${operationId}에서 이 operation이 답할 수 있는 시나리오를 확인해주세요.`
  );
}

// ---------------------------------------------------------------- what each operation can answer

/** An operation scenarios are forced on: the document that declares its answers and how its service shapes errors. */
export interface ScenarioTarget {
  operationId: string;
  method: string;
  /** The path template as requested, with the service's prefix (`/ads/request`). */
  path: string;
  document: OpenApiDocument;
  /** The service's error shape (the ad service's `{code, msg}`); the shared ErrorBody when absent. */
  formatError?: (status: number, body: ErrorBody) => unknown;
}

/** The status and body an error scenario answers on `target`, in its service's shape (a list error names
 * the caller's own cart lines when it can). */
export function forcedError(
  entry: ResponseEntry,
  target: ScenarioTarget,
  world: World,
  callerUid?: string | null,
): { status: number; body: unknown } {
  const body = errorBody(entry, world, callerUid);
  return { status: entry.status, body: target.formatError ? target.formatError(entry.status, body) : body };
}

/**
 * Whether `target`'s contract declares the answer `scenario` forces on it. The contract is the one list of
 * what an operation can answer: an error scenario is offered where the operation declares its status and
 * the body it would send validates (so a 400 code only where the operation's enum has it). Transport faults
 * (no usable HTTP answer at all) and `slow:MS` (the operation's own answer, late) fit every operation.
 */
export function declaredOn(scenario: Scenario, target: ScenarioTarget, world: World): boolean {
  if (scenario.kind !== 'error') return true;
  const { status, body } = forcedError(scenario.entry, target, world);
  return validateResponse({ operationId: target.operationId }, status, body, target.document).valid;
}

// ---------------------------------------------------------------- error bodies

/** The server notice of `http-420`: a title and message of the server's choosing, in Korean. */
export const SERVER_NOTICE = {
  title: '서버 점검 안내',
  msg: '더 나은 서비스를 위해 02:00~04:00 점검을 진행해요. 점검 중에는 주문할 수 없어요.',
} as const;

/**
 * The ErrorBody a forced error scenario answers. List errors name real records of `world`: the products
 * of `callerUid`'s cart when the caller is signed in and has some (an order's error names what it ordered),
 * else products of the persona seller.
 */
export function errorBody(entry: ResponseEntry, world: World, callerUid?: string | null): ErrorBody {
  return new ApiFailure(entry.status, entry.code, {
    ...(entry.showsList && { list: (callerUid && cartList(entry.code, world, callerUid)) || sampleList(entry.code, world) }),
    ...(entry.code === 'server-notice' && { message: SERVER_NOTICE.title, ...SERVER_NOTICE }),
    ...(entry.code === 'bad-request' && { details: [{ path: '/body/marketId', message: "must have required property 'marketId'" }] }),
  }).body;
}

/**
 * The items a product list error names from the caller's cart (up to 2), or null when it has none. A
 * shortage names lines whose stock is bounded, and says fewer are left than the line asks for.
 */
function cartList(code: string, world: World, uid: string): ErrorListItem[] | null {
  if (code === 'market-schedule') return null;
  const items: ErrorListItem[] = [];
  for (const { cart } of world.store.carts.by('owner', uid)) {
    for (const line of cart.productList) {
      const available = availableQuantity(line.limitAmount, line.stock, line.order);
      if (code === 'stock-shortage' && !Number.isFinite(available)) continue;
      const item: ErrorListItem = { _id: line._id, title: line.productTitle, option: line.option };
      if (code === 'stock-shortage') item.available = Math.max(0, Math.min(available, line.amount - 1));
      items.push(item);
      if (items.length === 2) return items;
    }
  }
  return items.length > 0 ? items : null;
}

/** The items a list error names: products (and for `market-schedule` a market) of the persona seller. */
function sampleList(code: ErrorCode, world: World): ErrorListItem[] {
  const { store } = world;
  const now = world.clock.now();
  const markets = store.markets.by('seller', personaById('seller').uid);
  if (code === 'market-schedule') {
    const row = markets.find((r) => stateOf(r, now) === 'closed') ?? markets[0];
    return row ? [{ _id: row.market._id, title: row.market.title }] : [];
  }
  const items: ErrorListItem[] = [];
  for (const market of markets) {
    for (const { product } of store.products.by('market', market.market._id)) {
      const option = visibleOptions(product.option)[0];
      if (!option) continue;
      const available = availableQuantity(product.limitAmount, option.stock, option.order);
      // A shortage is about a bounded stock: skip unlimited options there.
      if (code === 'stock-shortage' && !Number.isFinite(available)) continue;
      const item: ErrorListItem = { _id: product._id, title: product.title, option: option.title };
      if (code === 'stock-shortage') item.available = available;
      items.push(item);
      if (items.length === 2) return items;
    }
  }
  return items;
}

// ---------------------------------------------------------------- the listing

export interface ScenarioInfo {
  name: string;
  kind: Scenario['kind'];
  /** The HTTP status answered; 0 when the client gets no usable answer. */
  status: number;
  /** The catalogue code the sdk's client reports. */
  code: CatalogueCode;
  description: string;
  /** The error body answered (error scenarios), in the shape of the operation's service when one is named. */
  body?: ErrorBody | AdError;
  /** What the app shows for it (the sdk's resolveError, without an operation's own rule). */
  ui: ErrorAction;
}

/**
 * Every scenario with what it answers and what the app shows, for `world` (list errors name its records);
 * with a `target`, only those its contract declares (declaredOn), with bodies in its service's shape.
 */
export function describeScenarios(world: World, target?: ScenarioTarget): ScenarioInfo[] {
  const errors = [...ERROR_SCENARIOS]
    .filter(([name, entry]) => !target || declaredOn({ kind: 'error', name, entry }, target, world))
    .map(([name, entry]): ScenarioInfo => {
      const body = errorBody(entry, world);
      return {
        name,
        kind: 'error',
        status: entry.status,
        code: entry.code,
        description: `HTTP ${entry.status} ${entry.code}`,
        body: target ? (forcedError(entry, target, world).body as ErrorBody | AdError) : body,
        ui: resolveError({ status: entry.status, ...readErrorBody(body) }),
      };
    });
  const networkUi = resolveError({ status: 0, code: 'network-error' });
  const faults = (Object.entries(FAULTS) as [FaultName, string][]).map(([name, description]): ScenarioInfo => ({
    name,
    kind: 'fault',
    status: 0,
    code: 'network-error',
    description,
    ui: networkUi,
  }));
  const slow: ScenarioInfo = {
    name: 'slow:MS',
    kind: 'slow',
    status: 0,
    code: 'timeout',
    description:
      `Waits MS milliseconds (at most ${MAX_DELAY_MS}), then answers normally. Beyond the client's timeout ` +
      `(${DEFAULT_TIMEOUT_MS} ms in the sdk) the app gets status 0 \`timeout\`; below it, just a late answer.`,
    ui: resolveError({ status: 0, code: 'timeout' }),
  };
  return [...errors, ...faults, slow];
}
