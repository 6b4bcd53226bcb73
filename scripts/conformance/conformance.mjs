// @ts-check
// The conformance kit: checks from outside that a server answers as openapi/ says (the bundled product API
// and ad service), without its control plane. Every read operation is called with realistic parameters
// (ids discovered from list answers), the documented errors are provoked where the contract says how (no
// token -> 401, an unknown id -> 404, a missing required parameter -> 400), and every answer is checked by
// responseViolations (openapi/src/contract.ts): status declared, Content-Type declared, body schema. With
// `writes`, the Arazzo flows run through `redocly respect` and each step's answer is checked the same way.
// Nothing here knows the error body's shape: an error answer is checked against the schema its status declares.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';
import { REPO_ROOT } from '../bench/processes.mjs';

// openapi/src is TypeScript: tsx's loader runs it as the fuzzer does.
register();
const { responseViolations } = await import('@creator-market/openapi/contract');
const { productDocument, adsDocument, listOperations, findOperation } = await import('@creator-market/openapi');

/**
 * @typedef {{where: string, message: string, value?: unknown}} Violation
 * @typedef {{label: string, method: string, url: string, status: number, contentType?: string,
 *   violations: Violation[]}} Call
 * @typedef {{operationId: string, tag: string, method: string, path: string, calls: Call[], notChecked: string[]}} Row
 * @typedef {{operationId: string, where: string, message: string, value?: unknown, status: number, calls: string[]}} Fault
 * @typedef {{label: string, values: Record<string, string | number>, auth?: boolean, omit?: string,
 *   expectStatus?: number, body?: unknown}} KitRequest one request of the kit: `omit` leaves out a parameter
 * @typedef {{baseUrl: string, token?: string, personaLogin?: boolean, only?: string[], writes?: boolean,
 *   adsKey?: string, timeoutMs?: number, log?: (line: string) => void}} Options
 * @typedef {{rows: Row[], faults: Fault[], violations: number, tokenRefused: string[],
 *   flow: {summary: string, failed: boolean}, unusable?: string, partial?: boolean}} Result
 *   `unusable`: why the server cannot be (fully) checked; `partial`: some of it was checked all the same.
 */

/** The services of the contract: the document, and the path prefix its server URL gives (`/ads`). */
const SERVICES = [productDocument, adsDocument].map((document) => ({
  document,
  prefix: new URL(document.servers?.[0]?.url ?? 'http://x/').pathname.replace(/\/$/, ''),
  operations: listOperations(document),
}));

/** The world the kit uses on our mock (its control plane's X-Mock-World), so it changes nobody else's data. */
export const CONFORMANCE_WORLD = 'conformance';
/** The ad service key our mock accepts (ads.json's adKey description). */
const MOCK_ADS_KEY = 'cm-ads-dev-key';

/** The first item of a list answer (`{data: [...]}`), or undefined for any other shape. */
const firstOf = (body) => (Array.isArray(body?.data) ? body.data[0] : undefined);
/** A string or number id, or undefined for anything else (an object where an id was expected names nothing). */
const id = (value) => (typeof value === 'string' || typeof value === 'number' ? value : undefined);

/**
 * List operations whose answers give the ids other operations take, by parameter name, in the order they
 * are called (a later one may use what an earlier one found). The persona's own data: its carts, rooms,
 * receipts (through its notifications) and an open market with its seller. `take` is given only a 2xx JSON
 * answer, and must accept any shape: a server is free to answer anything.
 * @type {Record<string, {gives: string[], take: (body: any) => Record<string, unknown>}>}
 */
const DISCOVERY = {
  listOpenedMarkets: {
    gives: ['sellerPID', 'sellerId', 'marketId'],
    take: (body) => {
      const market = firstOf(body);
      return { sellerPID: id(market?.sellerPublicId), sellerId: id(market?.sellerPublicId), marketId: id(market?.marketPublicId) };
    },
  },
  listCarts: { gives: ['cartId'], take: (body) => ({ cartId: id(firstOf(body)?._id) }) },
  listRooms: { gives: ['roomId'], take: (body) => ({ roomId: id(firstOf(body)?._id) }) },
  getRoomInfo: { gives: ['seller'], take: (body) => ({ seller: id(body?.data?.seller) }) },
  listNotifications: {
    gives: ['publicId', 'receipt', 'receiptId'],
    take: (body) => {
      const items = Array.isArray(body?.data) ? body.data : [];
      const receipt = id(items.find((item) => id(item?.receiptPublicId) !== undefined)?.receiptPublicId);
      return { publicId: receipt, receipt, receiptId: receipt };
    },
  },
};
/** Every parameter name discovery gives: a read that needs one it did not find is not checked (the why is said). */
const DISCOVERED = new Set(Object.values(DISCOVERY).flatMap((d) => d.gives));
/** Parameters whose name alone does not say what they name: `operationId.parameter` -> the discovered name. */
const ALIASES = { 'getCart.id': 'cartId', 'changeReceiptStatus.id': 'receipt' };
/** Parameters that name a record: the ones an unknown value of turns into a 404. */
const ID_PARAMETERS = new Set([
  'sellerPID',
  'sellerId',
  'marketId',
  'id',
  'cartId',
  'roomId',
  'seller',
  'publicId',
  'receipt',
  'receiptId',
]);
/** Calls in a row with no answer at all after which the server is taken as gone (the rest are not sent). */
const GONE_AFTER = 3;

/** Follows a local $ref of `document`. */
function resolve(document, node) {
  for (let hops = 0; node && typeof node === 'object' && typeof node.$ref === 'string' && hops < 10; hops++) {
    node = node.$ref
      .slice(2)
      .split('/')
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((at, key) => at?.[key], document);
  }
  return node;
}

/** The operation object with its parameters resolved. */
function describe(service, info) {
  const { operation } = findOperation(service.document, { operationId: info.operationId });
  const parameters = (operation.parameters ?? []).map((raw) => {
    const parameter = resolve(service.document, raw);
    const schema = resolve(service.document, parameter.schema) ?? {};
    const example = parameter.example ?? Object.values(parameter.examples ?? {})[0]?.value ?? schema.example ?? schema.enum?.[0];
    return { name: parameter.name, in: parameter.in, required: parameter.required === true, schema, example };
  });
  const requestBody = resolve(service.document, operation.requestBody);
  const media = requestBody ? Object.entries(requestBody.content ?? {})[0] : undefined;
  const body = media ? { mediaType: media[0], example: media[1].example ?? Object.values(media[1].examples ?? {})[0]?.value } : undefined;
  return { ...info, service, parameters, body, statuses: Object.keys(operation.responses ?? {}) };
}

/** A value of the same form as `value` that names no record: digits stay digits, hex ids stay hex ids. */
function unknownLike(value) {
  const text = String(value);
  if (/^\d+$/.test(text)) return '9'.repeat(Math.max(text.length, 6));
  if (/^[0-9a-f]{24}$/i.test(text)) return 'f'.repeat(24);
  return `${text.slice(0, 40)}_unknown`;
}

/** Why a request got no HTTP answer, in words (fetch's error carries the system's code in its cause). */
export function transportReason(error, timeoutMs) {
  if (error?.name === 'TimeoutError' || error?.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const cause = error?.cause;
  const code = cause?.code ?? error?.code;
  const known = {
    ECONNREFUSED: 'connection refused (nothing listens there)',
    ENOTFOUND: 'no such host (DNS found no address)',
    EAI_AGAIN: 'the host name could not be resolved (DNS did not answer)',
    ECONNRESET: 'the connection was reset',
    EHOSTUNREACH: 'the host is unreachable',
    ENETUNREACH: 'the network is unreachable',
    ETIMEDOUT: 'the connection timed out',
    UND_ERR_SOCKET: 'the connection closed before an answer',
    UND_ERR_CONNECT_TIMEOUT: 'the connection timed out',
  };
  if (code && known[code]) return known[code];
  if (typeof code === 'string' && /CERT|SSL|TLS/.test(code)) return `TLS failed (${code})`;
  return cause?.message ?? error?.message ?? String(error);
}

/** How an answer looks, for the reasons of what could not be checked: `401`, `404 text/html`, `200 with no list`. */
const answerWords = (/** @type {Call} */ call) =>
  call.status === 0
    ? 'no answer'
    : `${call.status}${call.contentType && !/[/+]json\b/.test(call.contentType) ? ` ${call.contentType.split(';')[0]}` : ''}`;

/**
 * Runs the kit. Resolves with the table's rows (one per selected operation, with every call, its violations
 * and what was not checked and why), the faults (each violation once per operation and JSON pointer; their
 * count is `violations`) and, when the server cannot be checked at all, `unusable`: one sentence saying why
 * (unreachable, every answer a 401 or a 404 or a web page, --persona-login refused). Never throws for what the
 * server answers.
 * @param {Options} options
 * @returns {Promise<Result>}
 */
export async function runConformance(options) {
  const run = conformanceRun(options);
  // Is anyone there? The first discovery call (a guest operation) tells: no answer at all is one clear error,
  // not a violation for every operation.
  const [firstDiscovery] = Object.keys(DISCOVERY);
  const firstOp = run.byId.get(firstDiscovery);
  const first = await run.call(firstOp, { label: 'read', values: run.valuesFor(firstOp).values });
  if (first.call.status === 0) {
    const reason = first.call.violations[0]?.message.replace(/^no answer: /, '') ?? 'no answer';
    return run.finish(`no answer: ${reason}; is the server running, and is --base-url right?`);
  }
  if (!run.token && run.personaLogin) {
    const login = await loginAsPersona(run.base, 'buyer', run.extraHeaders, run.timeoutMs);
    if ('error' in login) return run.finish(login.error);
    run.token = login.token;
  }
  await discoverIds(run, first);
  const reads = run.operations.filter((op) => op.method === 'get');
  const reachable = await readEach(run, reads);
  await provokeDocumentedErrors(run, reads, reachable);
  const flow = await checkWrites(run, options.writes ?? false);
  return verdict(run, flow);
}

/**
 * One run's state and its requests: the table's rows, the ids found so far (or why not), every call made,
 * and whether the server stopped answering.
 * @param {Options} options
 */
function conformanceRun(options) {
  const { baseUrl, personaLogin = false, only = [], timeoutMs = 15_000, log = () => {} } = options;
  const base = baseUrl.replace(/\/$/, '');
  const adsKey = options.adsKey ?? (personaLogin ? MOCK_ADS_KEY : undefined);
  const operations = SERVICES.flatMap((service) => service.operations.map((info) => describe(service, info)));
  const selected = (op) => only.length === 0 || only.includes(op.tag) || only.includes(op.operationId);
  const run = {
    base,
    personaLogin,
    timeoutMs,
    log,
    adsKey,
    /** @type {string | undefined} */
    token: options.token,
    extraHeaders: personaLogin ? { 'X-Mock-World': CONFORMANCE_WORLD } : {},
    operations,
    byId: new Map(operations.map((op) => [op.operationId, op])),
    selected,
    /** @type {Map<string, Row>} */
    rows: new Map(
      operations
        .filter(selected)
        .map((op) => [
          op.operationId,
          { operationId: op.operationId, tag: op.tag, method: op.method, path: op.path, calls: [], notChecked: [] },
        ]),
    ),
    /** @type {Record<string, unknown>} */
    found: {},
    /** Why a discovered parameter has no value: `listCarts answered 401`. */
    /** @type {Record<string, string>} */
    lost: {},
    /** Operations whose authorized read the server answered 401: it refused the token. */
    /** @type {string[]} */
    tokenRefused: [],
    /** Every call made, in order (the ones of operations outside --only too: they say whether the server is usable). */
    /** @type {{op: any, call: Call}[]} */
    made: [],
    noAnswerInARow: 0,
    /** Set when the server stopped answering: nothing more is sent. */
    gone: '',
    /** Says of a selected operation what was not checked and why. */
    notChecked: (op, what) => run.rows.get(op.operationId)?.notChecked.push(what),
    authorized: (op) => op.guest || Boolean(op.service.document === adsDocument ? adsKey : run.token),
    noCredentials: (op) =>
      op.service.document === adsDocument
        ? 'no ad key (--ads-key, or --persona-login on our mock)'
        : 'no token (--token or --persona-login)',

    /**
     * One request, checked; recorded on the operation's row when it is selected.
     * @param {any} op
     * @param {KitRequest} request
     * @returns {Promise<{call: Call, body: any, json: boolean}>} the call and its parsed body (`json`: a JSON body parsed)
     */
    async call(op, request) {
      const { url, init } = requestFor(run, op, request);
      /** @type {Call} */
      const record = { label: request.label, method: init.method, url, status: 0, violations: [] };
      let parsed;
      let json = false;
      try {
        const response = await fetch(url, init);
        run.noAnswerInARow = 0;
        ({ parsed, json } = await checkAnswer(op, request, response, record));
      } catch (error) {
        run.noAnswerInARow++;
        const reason = transportReason(error, timeoutMs);
        record.violations.push({ where: 'request', message: `no answer: ${reason}` });
        if (run.noAnswerInARow >= GONE_AFTER) run.gone = `${run.noAnswerInARow} requests in a row got no answer (the last: ${reason})`;
      }
      run.made.push({ op, call: record });
      run.rows.get(op.operationId)?.calls.push(record);
      log(
        `${record.violations.length ? 'FAIL' : 'ok  '} ${record.status || '---'} ${record.method} ${url.slice(base.length)} (${request.label})`,
      );
      return { call: record, body: parsed, json };
    },

    /**
     * The realistic value of every required parameter (and none of the optional ones): a discovered one, or
     * else the contract's example; `missing` names each discovered parameter that was not found, with why.
     */
    valuesFor(op) {
      /** @type {Record<string, string | number>} */
      const values = {};
      /** @type {string[]} */
      const missing = [];
      for (const p of op.parameters.filter((p) => p.required && p.in !== 'header')) {
        const name = ALIASES[`${op.operationId}.${p.name}`] ?? p.name;
        if (run.found[name] !== undefined) values[p.name] = /** @type {string | number} */ (run.found[name]);
        else {
          if (DISCOVERED.has(name)) missing.push(`no ${p.name} to call it with (${run.lost[name] ?? 'not found'})`);
          if (p.example !== undefined) values[p.name] = p.example;
        }
      }
      return { values, missing };
    },

    /** The result so far, with `unusable` when the server cannot be checked. */
    finish(/** @type {string | undefined} */ unusable, flow = { summary: 'not run', failed: false }, partial = false) {
      const rows = [...run.rows.values()];
      const faults = faultsOf(rows);
      return /** @type {Result} */ ({
        rows,
        faults,
        violations: faults.length,
        tokenRefused: run.tokenRefused,
        flow,
        ...(unusable ? { unusable, partial } : {}),
      });
    },
  };
  return run;
}

/** @typedef {ReturnType<typeof conformanceRun>} Run */

/**
 * The URL and fetch options of one request: its credentials (a bearer token, or the ad service's key),
 * its path and query values (but `omit`), and a JSON body.
 * @param {Run} run
 * @param {KitRequest} request
 */
function requestFor(run, op, request) {
  const { values, auth = true, omit, body } = request;
  /** @type {Record<string, string>} */
  const headers = { accept: 'application/json', ...run.extraHeaders };
  if (auth && op.service.document === adsDocument) {
    if (run.adsKey) headers.authorization = run.adsKey;
  } else if (auth && run.token) headers.authorization = `Bearer ${run.token}`;
  let path = op.path;
  const query = new URLSearchParams();
  for (const parameter of op.parameters) {
    if (parameter.name === omit) continue;
    const value = values[parameter.name];
    if (value === undefined) continue;
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
    else if (parameter.in === 'query') query.set(parameter.name, String(value));
  }
  const url = `${run.base}${op.service.prefix}${path}${query.size ? `?${query}` : ''}`;
  /** @type {RequestInit & {method: string, headers: Record<string, string>}} */
  const init = {
    method: op.method.toUpperCase(),
    headers,
    redirect: /** @type {const} */ ('manual'),
    signal: AbortSignal.timeout(run.timeoutMs),
  };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  return { url, init };
}

/**
 * Reads an answer into `record` and checks it: the status expected (when one is), JSON that parses, and
 * responseViolations against the contract. Returns the body, parsed when it is JSON.
 * @param {KitRequest} request
 * @param {Call} record
 */
async function checkAnswer(op, request, /** @type {Response} */ response, record) {
  const { label, expectStatus } = request;
  record.status = response.status;
  const contentType = response.headers.get('content-type') ?? undefined;
  if (contentType) record.contentType = contentType;
  /** @type {Record<string, string>} */
  const answerHeaders = {};
  response.headers.forEach((value, name) => (answerHeaders[name] = value));
  const text = await response.text();
  /** @type {unknown} */
  let parsed = text;
  let json = false;
  if (/[/+]json\b/.test(contentType ?? '') && text) {
    try {
      parsed = JSON.parse(text);
      json = true;
    } catch {
      record.violations.push({ where: '', message: 'the body is not valid JSON', value: text.slice(0, 80) });
    }
  }
  if (expectStatus !== undefined && response.status !== expectStatus) {
    record.violations.push({ where: 'status', message: `expected ${expectStatus} (${label})`, value: response.status });
  }
  try {
    record.violations.push(
      ...responseViolations(
        { operationId: op.operationId },
        response.status,
        answerHeaders,
        text ? parsed : undefined,
        op.service.document,
      ),
    );
  } catch (error) {
    // The checker itself failed on this answer: said as a violation of this call, never a crash.
    record.violations.push({ where: '', message: `the answer could not be checked: ${error.message}` });
  }
  return { parsed, json };
}

/** Each violation once per operation and JSON pointer, with the labels of the calls that showed it. */
function faultsOf(/** @type {Row[]} */ rows) {
  /** @type {Map<string, Fault>} */
  const faults = new Map();
  for (const row of rows)
    for (const c of row.calls)
      for (const v of c.violations) {
        const key = `${row.operationId}\u0000${v.where}`;
        const fault = faults.get(key);
        if (fault) fault.calls.push(c.label);
        else
          faults.set(key, {
            operationId: row.operationId,
            where: v.where,
            message: v.message,
            value: v.value,
            status: c.status,
            calls: [c.label],
          });
      }
  return [...faults.values()];
}

/**
 * Discovery first (always, even when filtered out of the table: the others need its ids), then the rest.
 * Whatever it answers, each id it could not find is remembered with why, and said of every read needing it.
 * @param {Run} run
 * @param {{call: Call, body: any, json: boolean}} first the first discovery operation's answer, already had
 */
async function discoverIds(run, first) {
  const [firstDiscovery] = Object.keys(DISCOVERY);
  for (const [operationId, { gives, take }] of Object.entries(DISCOVERY)) {
    const op = run.byId.get(operationId);
    const { values, missing } = run.valuesFor(op);
    let why = '';
    if (!run.authorized(op)) why = run.noCredentials(op);
    else if (missing.length) why = `${operationId} was not called: ${missing.join('; ')}`;
    else if (run.gone) why = 'the server stopped answering';
    let taken = {};
    if (!why) {
      const answer = operationId === firstDiscovery ? first : await run.call(op, { label: 'read', values });
      if (answer.call.status < 200 || answer.call.status > 299 || !answer.json)
        why = `${operationId} answered ${answerWords(answer.call)}${answer.call.status >= 200 && answer.call.status < 300 ? ', not JSON' : ''}`;
      else {
        try {
          taken = take(answer.body);
        } catch (error) {
          why = `${operationId}'s answer could not be read: ${error.message}`;
        }
      }
      if (answer.call.status === 401 && !op.guest && run.token) run.tokenRefused.push(operationId);
    }
    for (const name of gives) {
      const value = /** @type {Record<string, unknown>} */ (taken)[name];
      if (value !== undefined) run.found[name] = value;
      else if (run.found[name] === undefined) run.lost[name] = why || `${operationId}'s answer had none`;
    }
    // A discovery operation that is not called is not checked either: said on its row.
    if (why && !run.made.some((m) => m.op === op) && run.selected(op))
      run.notChecked(op, `read: ${why.replace(`${operationId} was not called: `, '')}`);
  }
}

/**
 * Every selected read with realistic values (the discovery reads were made already). Returns the
 * operations whose read answered 2xx: with this caller an unknown id can only mean "not found" there.
 * @param {Run} run
 */
async function readEach(run, reads) {
  for (const op of reads.filter(run.selected)) {
    if (op.operationId in DISCOVERY) continue;
    const { values, missing } = run.valuesFor(op);
    if (!run.authorized(op)) run.notChecked(op, `read: ${run.noCredentials(op)}`);
    else if (missing.length) run.notChecked(op, `read: ${missing.join('; ')}`);
    else if (run.gone) run.notChecked(op, 'read: the server stopped answering');
    else {
      const answer = await run.call(op, { label: 'read', values });
      if (answer.call.status === 401 && !op.guest) run.tokenRefused.push(op.operationId);
    }
  }
  for (const row of run.rows.values()) {
    const read = row.calls.find((c) => c.label === 'read');
    if (read?.status === 401 && run.tokenRefused.includes(row.operationId))
      row.notChecked.push('read: the server refused the token (401): it may be expired, or for another server');
  }
  return new Set(
    [...run.rows.values()]
      .filter((row) => row.calls.some((c) => c.label === 'read' && c.status >= 200 && c.status < 300))
      .map((row) => row.operationId),
  );
}

/**
 * The documented errors, provoked where the contract says how: no token -> 401, an unknown id -> 404, a
 * missing required query parameter -> 400.
 * @param {Run} run
 * @param {Set<string>} reachable
 */
async function provokeDocumentedErrors(run, reads, reachable) {
  for (const op of reads.filter(run.selected)) {
    if (run.gone) {
      run.notChecked(op, 'the documented errors: the server stopped answering');
      continue;
    }
    const { values, missing } = run.valuesFor(op);
    // Without a token the server must refuse before it looks up anything: the contract's examples do then.
    if (!op.guest && op.statuses.includes('401')) await run.call(op, { label: 'no token -> 401', values, auth: false, expectStatus: 401 });
    if (!run.authorized(op) || missing.length) continue;
    const idParameter = op.parameters.find((p) => p.required && ID_PARAMETERS.has(p.name) && values[p.name] !== undefined);
    if (op.statuses.includes('404') && idParameter) {
      if (reachable.has(op.operationId))
        await run.call(op, {
          label: `unknown ${idParameter.name} -> 404`,
          values: { ...values, [idParameter.name]: unknownLike(values[idParameter.name]) },
          expectStatus: 404,
        });
      else {
        const read = run.rows.get(op.operationId)?.calls.find((c) => c.label === 'read');
        run.notChecked(op, `unknown ${idParameter.name} -> 404: its read answered ${read ? answerWords(read) : 'nothing'}, not 2xx`);
      }
    }
    const requiredQuery = op.parameters.find((p) => p.required && p.in === 'query');
    if (op.statuses.includes('400') && requiredQuery && run.tokenRefused.includes(op.operationId))
      run.notChecked(op, `no ${requiredQuery.name} -> 400: the server refused the token`);
    else if (op.statuses.includes('400') && requiredQuery) {
      await run.call(op, { label: `no ${requiredQuery.name} -> 400`, values, omit: requiredQuery.name, expectStatus: 400 });
    }
  }
}

/**
 * With `writes`: every write without a token must be refused before anything is written, then the Arazzo
 * flows run (on our mock, which signs in and confirms deposits through its control plane).
 * @param {Run} run
 * @param {boolean} writes
 */
async function checkWrites(run, writes) {
  let flow = { summary: 'not run (writes only with --writes)', failed: false };
  if (!writes || run.gone) return flow;
  for (const op of run.operations.filter((op) => op.method !== 'get' && run.selected(op) && !op.guest && op.statuses.includes('401'))) {
    // An upload (multipart) is not probed: a server may refuse the form before it looks at the token.
    if (op.body && op.body.mediaType !== 'application/json') run.notChecked(op, `no token -> 401: ${op.body.mediaType} is not probed`);
    else if (run.gone) run.notChecked(op, 'no token -> 401: the server stopped answering');
    else
      await run.call(op, {
        label: 'no token -> 401',
        values: run.valuesFor(op).values,
        auth: false,
        expectStatus: 401,
        body: op.body?.example,
      });
  }
  if (run.personaLogin && !run.gone) flow = await runFlows(run.base, run.rows, run.selected, run.log);
  else if (!run.personaLogin)
    flow = {
      summary:
        'not run: the flow signs in and confirms the deposit through the control plane (/__mock); use --persona-login against a server that has it',
      failed: false,
    };
  return flow;
}

/**
 * The result, saying when the server could not be (fully) checked: it stopped answering, its answers show
 * a setup the kit cannot check through, or it refused the token everywhere.
 * @param {Run} run
 */
function verdict(run, flow) {
  if (run.gone) return run.finish(`${run.base} stopped answering: ${run.gone}; what was checked before is in the table`, flow, true);
  const needToken = run.made.filter((m) => !m.op.guest && m.op.service.document === productDocument && m.call.label === 'read');
  const refusedEverywhere = run.token && needToken.length > 0 && needToken.every((m) => m.call.status === 401);
  const unusable = unusableBecause(run.made);
  if (unusable) return run.finish(unusable, flow);
  if (refusedEverywhere)
    return run.finish(
      `the server refused the token on every operation that needs one (401 on ${needToken.length}): it may be expired, or for another server`,
      flow,
      true,
    );
  return run.finish(undefined, flow);
}

/**
 * Whether the answers show a setup the kit cannot check through, in one sentence (undefined when it can):
 * no call answered 2xx with JSON, and every answer was a web page, a refusal (401/403) or a 404. A real backend
 * answers its guest operations; a gateway wanting its own credentials, a base URL missing the API's prefix
 * or pointing at a website answers everything alike.
 * @param {{op: any, call: Call}[]} made
 */
function unusableBecause(made) {
  const answered = made.filter((m) => m.call.status > 0);
  const json = (/** @type {Call} */ call) => /[/+]json\b/.test(call.contentType ?? '');
  if (answered.length === 0 || answered.some((m) => m.call.status >= 200 && m.call.status < 300 && json(m.call))) return undefined;
  const guests = answered.filter((m) => m.op.guest).map((m) => m.op.operationId);
  const sample = [...new Set(guests)].slice(0, 2).join(', ');
  if (answered.every((m) => /^text\/html\b/i.test(m.call.contentType ?? '')))
    return `every answer was an HTML page (text/html), none JSON: --base-url looks like a website, not the API`;
  if (guests.length && answered.every((m) => m.call.status === 401 || m.call.status === 403))
    return `every request was refused (${[...new Set(answered.map((m) => m.call.status))].join('/')}), even operations the contract lets anyone call (${sample}): a gateway in front of the API wants credentials the kit does not send, or --base-url is not the API`;
  if (answered.every((m) => m.call.status === 404))
    return `every request answered 404, even operations the contract lets anyone call (${sample}): is --base-url the API's root (a path prefix missing)?`;
  return undefined;
}

/**
 * A bearer token for a persona, from the mock's control plane (POST /__mock/login, through the sdk's typed
 * control client), or why there is none in one sentence (a server without the control plane, a refusal, no
 * answer).
 * @returns {Promise<{token: string} | {error: string}>}
 */
async function loginAsPersona(base, persona, headers, timeoutMs) {
  const where = `POST ${base}/__mock/login`;
  // Imported here, after register() above: the sdk is TypeScript.
  const { createMockControl, isMockControlError } = await import('@creator-market/sdk/control');
  const mock = createMockControl({
    baseUrl: base,
    fetch: (request) => {
      for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
      return fetch(request, { signal: AbortSignal.timeout(timeoutMs) });
    },
  });
  try {
    const { token } = await mock.login(persona);
    if (typeof token !== 'string' || !token)
      return { error: `--persona-login: ${where} answered 200 without a token: this server is not our mock; give --token instead` };
    return { token };
  } catch (error) {
    if (isMockControlError(error) && error.status === 0)
      return { error: `--persona-login: ${where} got no answer: ${transportReason(error.cause, timeoutMs)}` };
    if (isMockControlError(error))
      return {
        error: `--persona-login: ${where} answered ${error.status}: this server has no control plane (it is not our mock); give --token instead`,
      };
    // A 2xx answer that is not the control plane's JSON.
    return { error: `--persona-login: ${where} answered 200 without a token: this server is not our mock; give --token instead` };
  }
}

/**
 * Runs every Arazzo flow of openapi/flows with `redocly respect` against the server (the control steps
 * against its /__mock) and adds each product step to its operation's row: respect's failed checks and our
 * own check of the answer it received.
 */
async function runFlows(base, rows, selected, log) {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-'));
  const output = join(dir, 'respect.json');
  const flows = ['flows/order-to-paid.arazzo.yaml'];
  const args = ['exec', 'redocly', 'respect', ...flows, '--server', `product=${base}`, '--server', `control=${base}/__mock`, '-J', output];
  const code = await new Promise((resolveExit) => {
    const child = spawn('pnpm', args, {
      cwd: join(REPO_ROOT, 'openapi'),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
    });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.on('close', (exit) => {
      if (exit !== 0) log(text);
      resolveExit(exit ?? 1);
    });
  });
  let report;
  try {
    report = JSON.parse(readFileSync(output, 'utf8'));
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return { summary: `FAILED: redocly respect exited with ${code} and wrote no report`, failed: true };
  }
  rmSync(dir, { recursive: true, force: true });
  let steps = 0;
  for (const file of Object.values(report.files ?? {})) {
    for (const workflow of /** @type {any} */ (file).executedWorkflows ?? []) {
      for (const step of workflow.executedSteps ?? []) {
        steps++;
        const url = new URL(step.request.url);
        const path = url.pathname;
        if (path.startsWith('/__mock')) continue;
        const found = findOperation(productDocument, { method: step.request.method, path });
        const row =
          found && selected({ operationId: found.info.operationId, tag: found.info.tag }) ? rows.get(found.info.operationId) : undefined;
        /** @type {Violation[]} */
        const violations = (step.checks ?? [])
          .filter((check) => !check.passed && !/schema|status code|content-type/.test(check.name))
          .map((check) => ({ where: 'flow', message: `${check.name}: ${check.condition ?? check.message}` }));
        const status = step.response?.statusCode ?? 0;
        if (!step.response) violations.push({ where: 'request', message: 'no answer' });
        else if (found) {
          const checked = responseViolations(
            { operationId: found.info.operationId },
            status,
            step.response.headers ?? {},
            step.response.body,
          );
          // respect keeps no body for a step that failed on its own criteria: only status and type are known then.
          violations.push(
            ...(step.response.body === undefined ? checked.filter((v) => v.where === 'status' || v.where === 'content-type') : checked),
          );
        }
        if (row)
          row.calls.push({
            label: `flow ${workflow.workflowId}.${step.stepId}`,
            method: step.request.method.toUpperCase(),
            url: step.request.url,
            status,
            violations,
          });
        log(`${violations.length ? 'FAIL' : 'ok  '} ${status} ${step.request.method.toUpperCase()} ${path} (flow step ${step.stepId})`);
      }
    }
  }
  return {
    summary: `${code === 0 ? 'passed' : 'FAILED'}: redocly respect ran ${flows.length} flow(s), ${steps} steps`,
    failed: code !== 0,
  };
}
