// The typed client of the mock server's control plane (`/__mock`, openapi/control/openapi.yaml), for tests,
// tools and the Lab: `createMockControl({ baseUrl, world })`. Built on openapi-fetch over the generated
// `paths` of the control document (src/generated/control.ts, `pnpm gen`), so a route the document gains is
// callable at once through `raw` and its answers are typed; the named calls below are thin and each names
// its route. It talks HTTP only (a running mock, or the msw door through an intercepted fetch): nothing here
// imports the mock server.
//
// Every call sends `X-Mock-World` when the client has a world (the control plane acts on the caller's world),
// resolves with the answer (an answer holding one field is unwrapped: `personas()` gives the list,
// `journal.count()` the number) and rejects with MockControlError on anything but a 2xx answer.
import createClient, { type Client, type FetchOptions } from 'openapi-fetch';
import type { ErrorCode } from '../domain/error-codes.js';
import { controlOperations } from '../generated/control-operations.js';
import type { components, operations, paths } from '../generated/control.js';
import { asErrorBody, MockControlError } from './errors.js';

export { MockControlError, isMockControlError } from './errors.js';
export * from './api-journal.js';
export type { ControlErrorBody, MockControlErrorInit } from './errors.js';
export type { paths as MockControlPaths, components as MockControlComponents, operations as MockControlOperations };

type Schemas = components['schemas'];

export type PersonaId = Schemas['PersonaId'];
export type Persona = Schemas['Persona'];
export type LoginResult = Schemas['LoginResult'];
export type ScenarioCatalogue = Schemas['ScenarioCatalogue'];
export type ScenarioInfo = Schemas['ScenarioInfo'];
export type StickyRule = Schemas['StickyRule'];
export type StickyRuleInput = Schemas['StickyRuleInput'];
export type Latency = Schemas['Latency'];
export type Clock = Schemas['Clock'];
export type RequestList = Schemas['RequestList'];
export type JournalEntry = Schemas['JournalEntry'];
export type RequestFilter = Schemas['RequestFilter'];
export type WorldList = Schemas['WorldList'];
export type WorldSummary = Schemas['WorldSummary'];
export type WorldSnapshot = Schemas['WorldSnapshot'];
export type ReceiptStatusInput = Schemas['ReceiptStatusInput'];
export type Invoice = Schemas['Invoice'];
export type NotificationInput = Schemas['NotificationInput'];
export type PhoneCode = Schemas['PhoneCode'];
/** What a test helper answers: the receipt, market or notification it changed or made. */
export type ControlReceipt = Schemas['Receipt'];
export type ControlMarket = Schemas['Market'];
export type ControlNotification = Schemas['Notification'];

/** The query of `GET /requests`; `status` and `limit` may be given as numbers. */
export type JournalQuery = Omit<NonNullable<operations['listRequests']['parameters']['query']>, 'status' | 'limit'> & {
  status?: number | string;
  limit?: number | string;
};

/** The transport faults the mock can answer with (the app sees each as status 0 `network-error`). */
export const TRANSPORT_FAULTS = [
  'network-error',
  'connection-reset',
  'empty-response',
  'malformed-chunk',
  'random-data-then-close',
] as const;
export type TransportFault = (typeof TRANSPORT_FAULTS)[number];
/** `slow:MS`: the answer comes MS milliseconds late (at most 120000). */
export type SlowScenario = `slow:${number}`;
/**
 * A scenario name: a code of the sdk's error catalogue, `http-<status>`, a transport fault or `slow:MS`
 * (`scenarios.list()` gives the server's list; any other string is the server's 400 `unknown-scenario`).
 */
export type ScenarioName = ErrorCode | `http-${number}` | TransportFault | SlowScenario | (string & Record<never, never>);
/** An operationId of the control document (every one is callable: `call(operationId, init)`). */
export type ControlOperationId = keyof typeof controlOperations & keyof operations;
/** What a call of the operation takes (`params`, `body`, `signal`...), openapi-fetch's options. */
export type OperationInit<Id extends ControlOperationId> = FetchOptions<operations[Id]>;
type RequiredKeysOf<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? never : K }[keyof T];
/** The init argument: optional when nothing in it is required (no path parameter, no required body). */
export type OperationArgs<Id extends ControlOperationId> =
  RequiredKeysOf<OperationInit<Id>> extends never ? [init?: OperationInit<Id>] : [init: OperationInit<Id>];
/** The JSON body of the operation's 2xx answer. */
export type OperationAnswer<Id extends ControlOperationId> = {
  [S in keyof operations[Id]['responses']]: S extends 200 | 201 | 202
    ? operations[Id]['responses'][S] extends { content: { 'application/json': infer Body } }
      ? Body
      : never
    : never;
}[keyof operations[Id]['responses']];
/** Where and how often a sticky rule applies (`POST /scenarios` less its name). */
export type RuleScope = Omit<StickyRuleInput, 'name'>;

export const MOCK_WORLD_HEADER = 'X-Mock-World';
export const MOCK_SCENARIO_HEADER = 'X-Mock-Scenario';
/** Where the control plane lives below the mock server's base URL. */
export const CONTROL_PATH = '/__mock';

export interface MockControlOptions {
  /** The mock server's base URL (where the product API is), e.g. `http://127.0.0.1:4010`; a URL ending in `/__mock` is taken as the control plane itself. */
  baseUrl: string;
  /** The world every call acts on (its `X-Mock-World` header); none: the default world. */
  world?: string | undefined;
  /** The fetch to send with (default: `globalThis.fetch` at the time of each call, so an msw interceptor started later is used). */
  fetch?: ((input: Request) => Promise<Response>) | undefined;
}

export interface MockControl {
  /** The mock server's base URL (without `/__mock`). */
  readonly baseUrl: string;
  /** The control plane's URL (`baseUrl` + `/__mock`). */
  readonly controlUrl: string;
  /** The world this client acts on; undefined for the default world. */
  readonly world: string | undefined;
  /** A client with the same server and fetch, bound to the world `name`. */
  forWorld(name: string): MockControl;
  /** The headers that put a product API request in this client's world (`{}` for the default world). */
  headers(): Record<string, string>;

  /** `POST /login`: a bearer token for a persona's account in this world. */
  login(persona: PersonaId): Promise<LoginResult>;
  /** `GET /personas`: the fixed test accounts. */
  personas(): Promise<Persona[]>;
  /** `GET /worlds`: the worlds the server keeps. */
  worlds(): Promise<WorldList>;
  /** `POST /reset`: a freshly generated world (from the server's seed, or `seed`); its rules and latency stay. */
  reset(options?: { seed?: number }): Promise<WorldSummary>;

  scenarios: {
    /** `GET /scenarios`: every scenario (or those `operationId` can answer) and this world's sticky rules. */
    list(operationId?: string): Promise<ScenarioCatalogue>;
    /**
     * Force one response: the headers to send on the next product API request (`X-Mock-Scenario`, and this
     * client's world), e.g. `fetch(url, { headers: mock.scenarios.once('out-of-stock') })`. Sends nothing itself.
     */
    once(name: ScenarioName): Record<string, string>;
    /**
     * `POST /scenarios`: a sticky rule; matching requests get `name`, `times` times (or until removed). The
     * scope matches like WireMock's: `operationId`, `method`, `path`, `query`, `headers`, `body` (JSON
     * pointers that equal or contain a value), with `probability`, `delayMs` and `latency`.
     */
    force(name: ScenarioName, scope?: RuleScope): Promise<StickyRule>;
    /** `DELETE /scenarios/{id}`: removes one rule (a 404 `MockControlError` when the world has no such rule). */
    remove(id: string): Promise<void>;
    /** `DELETE /scenarios`: clears this world's sticky rules; resolves with how many there were. */
    clear(): Promise<number>;
  };
  /** Transport faults and slow answers, which are scenarios: the same calls with their names typed. */
  faults: {
    once(fault: TransportFault | SlowScenario): Record<string, string>;
    force(fault: TransportFault | SlowScenario, scope?: RuleScope): Promise<StickyRule>;
    /** A sticky `slow:MS` rule. */
    slow(ms: number, scope?: RuleScope): Promise<StickyRule>;
    /** A rule that only waits, a time drawn per request from `latency` (fixed, uniform or lognormal). */
    jitter(latency: NonNullable<StickyRuleInput['latency']>, scope?: RuleScope): Promise<StickyRule>;
    clear(): Promise<number>;
  };
  latency: {
    /** `GET /latency`: this world's latency (`ms`) and the server's (`globalMs`). */
    get(): Promise<Latency>;
    /** `PUT /latency`: every product API and ad answer of this world waits `ms` from now on. */
    set(ms: number): Promise<Latency>;
  };
  clock: {
    /** `GET /clock`. */
    get(): Promise<Clock>;
    /** `PUT /clock {now}`: the world's time (ISO 8601, epoch ms or a Date); the clock keeps running from there. */
    set(now: string | number | Date): Promise<Clock>;
    /** `PUT /clock {offsetMs}`: the world's time is real time plus `offsetMs`. */
    setOffset(offsetMs: number): Promise<Clock>;
    /** `POST /clock/advance`: moves the clock by `ms` (negative goes back). */
    advance(ms: number): Promise<Clock>;
    /** `DELETE /clock`: back to real time. */
    reset(): Promise<Clock>;
  };
  journal: {
    /** `GET /requests`: the latest API requests of this world, oldest first (filters combine). */
    list(query?: JournalQuery): Promise<RequestList>;
    /** `POST /requests/count`: how many journal entries match, e.g. `count({ operationId: 'insertReceipt', status: 200 })`. */
    count(filter?: RequestFilter): Promise<number>;
    /** `DELETE /requests`: forgets the journal; resolves with how many entries it held. */
    clear(): Promise<number>;
  };
  state: {
    /** `GET /state`: this world as a snapshot (what `import` and `--state FILE` read). */
    export(): Promise<WorldSnapshot>;
    /** `PUT /state`: replaces this world with the snapshot. */
    import(snapshot: WorldSnapshot): Promise<WorldSummary>;
  };
  receipts: {
    /** `POST /receipts/{publicId}/deposit`: the virtual-account deposit arrives; the order is paid. */
    deposit(publicId: string): Promise<ControlReceipt>;
    /** `POST /receipts/{publicId}/status`: moves the order as the seller does (1 paid, 3/4 shipped, 11 cancelled). */
    setStatus(publicId: string, input: ReceiptStatusInput): Promise<ControlReceipt>;
    /** Ships the order with a courier invoice (status 3, or 4). */
    ship(publicId: string, invoice: Invoice, status?: 3 | 4): Promise<ControlReceipt>;
  };
  markets: {
    /** `POST /markets/{marketId}/open`: the market starts now. */
    open(marketId: string | number): Promise<ControlMarket>;
    /** `POST /markets/{marketId}/close`: the market is closed now. */
    close(marketId: string | number): Promise<ControlMarket>;
  };
  /** `POST /notifications`: a notification to an account (`uid` or `persona`). */
  notify(input: NotificationInput): Promise<ControlNotification>;
  /** `GET /phone-code`: the SMS code last "sent" to an account. */
  phoneCode(account: { persona: PersonaId } | { uid: string }): Promise<PhoneCode>;

  /**
   * Any operation of the control document by its operationId, typed from the document: an operation it
   * gains is callable after `pnpm gen`, before it has a named call. Resolves with the answer's body.
   * `await mock.call('openMarket', { params: { path: { marketId: 'mallang_studio:8' } } })`.
   */
  call<Id extends ControlOperationId>(operationId: Id, ...init: OperationArgs<Id>): Promise<OperationAnswer<Id>>;
  /**
   * The openapi-fetch client over the whole control document, with this client's world and errors, by path:
   * `const { data, response } = await mock.raw.GET('/worlds')`.
   */
  raw: Client<paths>;
}

/** The control client for the mock server at `baseUrl`, acting on `world` (the default world without one). */
export function createMockControl(options: MockControlOptions): MockControl {
  const trimmed = options.baseUrl.replace(/\/+$/, '');
  const baseUrl = trimmed.endsWith(CONTROL_PATH) ? trimmed.slice(0, -CONTROL_PATH.length) : trimmed;
  const controlUrl = `${baseUrl}${CONTROL_PATH}`;
  const world = options.world === '' ? undefined : options.world;
  const worldHeaders = (): Record<string, string> => (world === undefined ? {} : { [MOCK_WORLD_HEADER]: world });

  const raw = createClient<paths>({
    baseUrl: controlUrl,
    headers: worldHeaders(),
    fetch: checkedFetch(options.fetch, world),
  });

  const once = (name: string) => ({ ...worldHeaders(), [MOCK_SCENARIO_HEADER]: name });
  const force = async (name: string, scope: RuleScope = {}) => (await answer(raw.POST('/scenarios', { body: { ...scope, name } }))).rule;
  const clearRules = async () => (await answer(raw.DELETE('/scenarios'))).cleared;
  const removeRule = async (id: string) => {
    await answer(raw.DELETE('/scenarios/{id}', { params: { path: { id } } }));
  };
  const setStatus = async (publicId: string, input: ReceiptStatusInput) =>
    (await answer(raw.POST('/receipts/{publicId}/status', { params: { path: { publicId } }, body: input }))).receipt;

  return {
    baseUrl,
    controlUrl,
    world,
    forWorld: (name) => createMockControl({ ...options, world: name }),
    headers: worldHeaders,

    login: async (persona) => answer(raw.POST('/login', { body: { persona } })),
    personas: async () => (await answer(raw.GET('/personas'))).personas,
    worlds: async () => answer(raw.GET('/worlds')),
    reset: async (input = {}) => answer(raw.POST('/reset', { body: input })),

    scenarios: {
      list: async (operationId) => answer(raw.GET('/scenarios', { params: { query: operationId === undefined ? {} : { operationId } } })),
      once,
      force,
      remove: removeRule,
      clear: clearRules,
    },
    faults: {
      once,
      force,
      slow: (ms, scope) => force(`slow:${ms}`, scope),
      jitter: async (latency, scope = {}) => (await answer(raw.POST('/scenarios', { body: { ...scope, latency } }))).rule,
      clear: clearRules,
    },
    latency: {
      get: async () => answer(raw.GET('/latency')),
      set: async (ms) => answer(raw.PUT('/latency', { body: { ms } })),
    },
    clock: {
      get: async () => answer(raw.GET('/clock')),
      set: async (now) => answer(raw.PUT('/clock', { body: { now: now instanceof Date ? now.toISOString() : now } })),
      setOffset: async (offsetMs) => answer(raw.PUT('/clock', { body: { offsetMs } })),
      advance: async (ms) => answer(raw.POST('/clock/advance', { body: { ms } })),
      reset: async () => answer(raw.DELETE('/clock')),
    },
    journal: {
      list: async (query = {}) => answer(raw.GET('/requests', { params: { query: journalQuery(query) } })),
      count: async (filter = {}) => (await answer(raw.POST('/requests/count', { body: filter }))).count,
      clear: async () => (await answer(raw.DELETE('/requests'))).cleared,
    },
    state: {
      export: async () => answer(raw.GET('/state')),
      import: async (snapshot) => answer(raw.PUT('/state', { body: snapshot })),
    },
    receipts: {
      deposit: async (publicId) => (await answer(raw.POST('/receipts/{publicId}/deposit', { params: { path: { publicId } } }))).receipt,
      setStatus,
      ship: (publicId, invoice, status = 3) => setStatus(publicId, { status, invoice }),
    },
    markets: {
      open: async (marketId) =>
        (await answer(raw.POST('/markets/{marketId}/open', { params: { path: { marketId: String(marketId) } } }))).market,
      close: async (marketId) =>
        (await answer(raw.POST('/markets/{marketId}/close', { params: { path: { marketId: String(marketId) } } }))).market,
    },
    notify: async (input) => (await answer(raw.POST('/notifications', { body: input }))).notification,
    phoneCode: async (account) => answer(raw.GET('/phone-code', { params: { query: account } })),

    call: async <Id extends ControlOperationId>(operationId: Id, ...init: OperationArgs<Id>) => {
      const operation: { method: string; path: string } | undefined = controlOperations[operationId];
      if (operation === undefined) throw new TypeError(`no control operation ${String(operationId)}`);
      // The generic init and answer cannot be followed through openapi-fetch's overloads; their types are OperationArgs's and OperationAnswer's.
      const pending = raw.request(operation.method as never, operation.path as never, init[0] as never) as Promise<{
        data?: OperationAnswer<Id>;
        response: Response;
      }>;
      return answer(pending);
    },
    raw,
  };
}

/** The answer of a call made through `raw`: its JSON body (the fetch below has already thrown on a non-2xx). */
async function answer<Data>(pending: Promise<{ data?: Data; response: Response }>): Promise<Data> {
  const { data, response } = await pending;
  if (data === undefined) throw new Error(`${response.url}: a 2xx answer without a JSON body`);
  return data;
}

function journalQuery(query: JournalQuery): NonNullable<operations['listRequests']['parameters']['query']> {
  const { status, limit, ...rest } = query;
  return {
    ...rest,
    ...(status === undefined ? {} : { status: String(status) }),
    ...(limit === undefined ? {} : { limit: String(limit) }),
  };
}

/** The fetch openapi-fetch calls: rejects with MockControlError on a non-2xx answer or no answer at all. */
function checkedFetch(fetchOption: MockControlOptions['fetch'], world: string | undefined): (request: Request) => Promise<Response> {
  return async (request) => {
    const { method, url } = request;
    const where = `${method} ${new URL(url).pathname}${world === undefined ? '' : ` (world ${world})`}`;
    let response: Response;
    try {
      response = await (fetchOption ?? globalThis.fetch)(request);
    } catch (cause) {
      throw new MockControlError({
        status: 0,
        body: undefined,
        method,
        url,
        world,
        message: `${where}: no answer (${describe(cause)})`,
        cause,
      });
    }
    if (response.ok) return response;
    const text = await response.text().catch(() => '');
    const body = asErrorBody(parseJson(text));
    const detail = body?.message ?? (text.trim().slice(0, 200) || response.statusText);
    throw new MockControlError({
      status: response.status,
      body,
      method,
      url,
      world,
      message: `${where} answered ${response.status}: ${detail}`,
    });
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
