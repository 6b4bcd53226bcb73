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
const { responseViolations } = await import('../../openapi/src/contract.ts');
const { productDocument, adsDocument, listOperations, findOperation } = await import('../../openapi/src/index.ts');

/**
 * @typedef {{where: string, message: string, value?: unknown}} Violation
 * @typedef {{label: string, method: string, url: string, status: number, violations: Violation[]}} Call
 * @typedef {{operationId: string, tag: string, method: string, path: string, calls: Call[], note?: string}} Row
 * @typedef {{baseUrl: string, token?: string, personaLogin?: boolean, only?: string[], writes?: boolean,
 *   adsKey?: string, timeoutMs?: number, log?: (line: string) => void}} Options
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

/**
 * List operations whose answers give the ids other operations take, by parameter name, in the order they
 * are called (a later one may use what an earlier one found). The persona's own data: its carts, rooms,
 * receipts (through its notifications) and an open market with its seller.
 * @type {Record<string, (body: any, found: Record<string, string>) => Record<string, unknown>>}
 */
const DISCOVERY = {
  listOpenedMarkets: (body) => {
    const market = body?.data?.[0];
    return { sellerPID: market?.sellerPublicId, sellerId: market?.sellerPublicId, marketId: market?.marketPublicId };
  },
  listCarts: (body) => ({ cartId: body?.data?.[0]?._id }),
  listRooms: (body) => ({ roomId: body?.data?.[0]?._id }),
  getRoomInfo: (body) => ({ seller: body?.data?.seller }),
  listNotifications: (body) => {
    const receipt = body?.data?.find((item) => item?.receiptPublicId)?.receiptPublicId;
    return { publicId: receipt, receipt, receiptId: receipt };
  },
};
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

/**
 * Runs the kit. Resolves with the table's rows (one per selected operation, with every call and its
 * violations) and the count of violations; never throws for what the server answers.
 * @param {Options} options
 * @returns {Promise<{rows: Row[], violations: number, flow: {summary: string, failed: boolean}}>}
 */
export async function runConformance(options) {
  const { baseUrl, personaLogin = false, only = [], writes = false, timeoutMs = 15_000, log = () => {} } = options;
  const base = baseUrl.replace(/\/$/, '');
  const extraHeaders = personaLogin ? { 'X-Mock-World': CONFORMANCE_WORLD } : {};
  const adsKey = options.adsKey ?? (personaLogin ? MOCK_ADS_KEY : undefined);
  let token = options.token;
  if (!token && personaLogin) token = await loginAsPersona(base, 'buyer', extraHeaders);

  const operations = SERVICES.flatMap((service) => service.operations.map((info) => describe(service, info)));
  const selected = (op) => only.length === 0 || only.includes(op.tag) || only.includes(op.operationId);
  /** @type {Map<string, Row>} */
  const rows = new Map(
    operations
      .filter(selected)
      .map((op) => [op.operationId, { operationId: op.operationId, tag: op.tag, method: op.method, path: op.path, calls: [] }]),
  );
  /** @type {Record<string, unknown>} */
  const found = {};

  /**
   * One request, checked; recorded on the operation's row when it is selected.
   * @param {any} op
   * @param {{label: string, values: Record<string, string | number>, auth?: boolean, omit?: string, expectStatus?: number, body?: unknown}} request
   * @returns {Promise<any>} the parsed body
   */
  const call = async (op, { label, values, auth = true, omit, expectStatus, body }) => {
    /** @type {Record<string, string>} */
    const headers = { accept: 'application/json', ...extraHeaders };
    if (auth && op.service.document === adsDocument) {
      if (adsKey) headers.authorization = adsKey;
    } else if (auth && token) headers.authorization = `Bearer ${token}`;
    let path = op.path;
    const query = new URLSearchParams();
    for (const parameter of op.parameters) {
      if (parameter.name === omit) continue;
      const value = values[parameter.name];
      if (value === undefined) continue;
      if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(String(value)));
      else if (parameter.in === 'query') query.set(parameter.name, String(value));
    }
    const url = `${base}${op.service.prefix}${path}${query.size ? `?${query}` : ''}`;
    const init = {
      method: op.method.toUpperCase(),
      headers,
      redirect: /** @type {const} */ ('manual'),
      signal: AbortSignal.timeout(timeoutMs),
    };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    /** @type {Call} */
    const record = { label, method: init.method, url, status: 0, violations: [] };
    let parsed;
    try {
      const response = await fetch(url, init);
      record.status = response.status;
      const contentType = response.headers.get('content-type') ?? undefined;
      /** @type {Record<string, string>} */
      const answerHeaders = {};
      response.headers.forEach((value, name) => (answerHeaders[name] = value));
      const text = await response.text();
      parsed = text;
      if (/[/+]json\b/.test(contentType ?? '') && text) {
        try {
          parsed = JSON.parse(text);
        } catch {
          record.violations.push({ where: '', message: 'the body is not valid JSON', value: text.slice(0, 80) });
        }
      }
      if (expectStatus !== undefined && response.status !== expectStatus) {
        record.violations.push({ where: 'status', message: `expected ${expectStatus} (${label})`, value: response.status });
      }
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
      record.violations.push({ where: 'request', message: `no answer: ${error.cause?.message ?? error.message}` });
    }
    rows.get(op.operationId)?.calls.push(record);
    log(`${record.violations.length ? 'FAIL' : 'ok  '} ${record.status || '---'} ${record.method} ${url.slice(base.length)} (${label})`);
    return parsed;
  };

  /** The realistic value of every required parameter (and none of the optional ones). */
  const valuesFor = (op) =>
    Object.fromEntries(
      op.parameters
        .filter((p) => p.required && p.in !== 'header')
        .map((p) => [p.name, found[ALIASES[`${op.operationId}.${p.name}`] ?? p.name] ?? p.example]),
    );

  const reads = operations.filter((op) => op.method === 'get');
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  // Discovery first (always, even when filtered out of the table: the others need its ids), then the rest.
  for (const [operationId, take] of Object.entries(DISCOVERY)) {
    const op = byId.get(operationId);
    const answer = await call(op, { label: 'read', values: valuesFor(op) });
    for (const [name, value] of Object.entries(take(answer, /** @type {any} */ (found)))) if (value !== undefined) found[name] = value;
  }
  const authorized = (op) => (op.service.document === adsDocument ? adsKey : token);
  for (const op of reads.filter(selected)) {
    if (op.operationId in DISCOVERY) continue;
    if (!op.guest && !authorized(op)) {
      rows.get(op.operationId).note = 'no token: only the 401 check';
      continue;
    }
    await call(op, { label: 'read', values: valuesFor(op) });
  }
  /** Operations whose realistic read answered 2xx: with this caller an unknown id can only mean "not found". */
  const reachable = new Set(
    [...rows.values()].filter((row) => row.calls.some((c) => c.label === 'read' && c.status < 300)).map((row) => row.operationId),
  );

  // The documented errors, provoked where the contract says how.
  for (const op of reads.filter(selected)) {
    const values = valuesFor(op);
    if (!op.guest && op.statuses.includes('401')) await call(op, { label: 'no token -> 401', values, auth: false, expectStatus: 401 });
    if (!op.guest && !authorized(op)) continue;
    const idParameter = op.parameters.find((p) => p.required && ID_PARAMETERS.has(p.name) && values[p.name] !== undefined);
    if (op.statuses.includes('404') && idParameter && reachable.has(op.operationId)) {
      await call(op, {
        label: `unknown ${idParameter.name} -> 404`,
        values: { ...values, [idParameter.name]: unknownLike(values[idParameter.name]) },
        expectStatus: 404,
      });
    }
    const requiredQuery = op.parameters.find((p) => p.required && p.in === 'query');
    if (op.statuses.includes('400') && requiredQuery) {
      await call(op, { label: `no ${requiredQuery.name} -> 400`, values, omit: requiredQuery.name, expectStatus: 400 });
    }
  }

  let flow = { summary: 'not run (writes only with --writes)', failed: false };
  if (writes) {
    // Writes without a token must be refused before anything is written.
    for (const op of operations.filter((op) => op.method !== 'get' && selected(op) && !op.guest && op.statuses.includes('401'))) {
      // An upload (multipart) is not probed: a server may refuse the form before it looks at the token.
      if (op.body && op.body.mediaType !== 'application/json') rows.get(op.operationId).note = `${op.body.mediaType}: not probed`;
      else await call(op, { label: 'no token -> 401', values: valuesFor(op), auth: false, expectStatus: 401, body: op.body?.example });
    }
    if (personaLogin) flow = await runFlows(base, rows, selected, log);
    else
      flow = {
        summary:
          'not run: the flow signs in and confirms the deposit through the control plane (/__mock); use --persona-login against a server that has it',
        failed: false,
      };
  }
  const all = [...rows.values()];
  const violations = all.reduce((sum, row) => sum + row.calls.reduce((n, c) => n + c.violations.length, 0), 0);
  return { rows: all, violations, flow };
}

/** A bearer token for a persona, from the mock's control plane (POST /__mock/login). */
async function loginAsPersona(base, persona, headers) {
  const response = await fetch(`${base}/__mock/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ persona }),
  });
  if (response.status !== 200)
    throw new Error(`--persona-login: POST ${base}/__mock/login answered ${response.status}; is it our mock server?`);
  return (await response.json()).token;
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
