// Response contract checks for tests (and the mock server's development mode): does this body match the
// schema the document declares for this operation and status?
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { productDocument } from './index';
import { findOperation, type OperationTarget } from './operations';
import type { OpenApiDocument, Reference, ResponseObject } from './types';

export interface ContractResult {
  valid: boolean;
  /** Readable messages, e.g. `body.data[0].os must be one of "ios", "android" (got "windows")`. */
  errors: string[];
}

/** Thrown by assertResponse. */
export class ContractError extends Error {
  constructor(
    message: string,
    readonly errors: string[],
  ) {
    super(message);
    this.name = 'ContractError';
  }
}

/**
 * Validates a response body against the schema that `document` (default: the product API) declares for
 * the operation and status. The operation is named by `{operationId}` or `{method, path}`, where the path
 * may be concrete (`/receipt/get/261121000123?x=1`). An unknown operation or an undeclared status is an
 * error, never a pass.
 */
export function validateResponse(
  target: OperationTarget,
  status: number,
  body: unknown,
  document: OpenApiDocument = productDocument,
): ContractResult {
  const check = responseCheck(document, target, status);
  if ('error' in check) return { valid: false, errors: [check.error] };
  if (check.validate === 'no-body') {
    const empty = body === undefined || body === null || body === '';
    return empty ? { valid: true, errors: [] } : { valid: false, errors: [`${check.label} declares no response body`] };
  }
  if (check.validate === 'not-json')
    return { valid: false, errors: [`${check.label} declares no JSON schema (content: ${check.mediaTypes.join(', ')})`] };
  if (check.validate(body)) return { valid: true, errors: [] };
  return { valid: false, errors: (check.validate.errors ?? []).map(describeError) };
}

/**
 * One place where an answer breaks the contract: `where` is `status`, `content-type` or a JSON pointer into
 * the body (`/data/0/os`, '' for the whole body); `value` is what the answer had there (absent when missing).
 */
export interface Violation {
  where: string;
  message: string;
  value?: unknown;
}

/**
 * Everything in one answer that breaks the contract, as structured violations (empty when it conforms): the
 * status must be declared, the headers it declares required must be there (`header:location`), the
 * Content-Type must be a declared media type (no body when none is declared), and a JSON body must match the
 * declared schema. `headers` are the answer's, by lower-case name; `body` is the parsed JSON (or the raw text
 * when it did not parse, which then fails the schema). Used by the conformance kit and the validating proxy.
 */
export function responseViolations(
  target: OperationTarget,
  status: number,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  body: unknown,
  document: OpenApiDocument = productDocument,
): Violation[] {
  const check = responseCheck(document, target, status);
  if ('error' in check) return [{ where: 'status', message: check.error, value: status }];
  const missing: Violation[] = check.requiredHeaders
    .filter((name) => headers[name] === undefined)
    .map((name) => ({ where: `header:${name}`, message: `${check.label} requires the ${name} header` }));
  return [...missing, ...bodyViolations(check, headers['content-type'], body)];
}

function bodyViolations(
  check: Exclude<ResponseCheck, { error: string }>,
  header: string | string[] | undefined,
  body: unknown,
): Violation[] {
  const contentType = Array.isArray(header) ? header[0] : header;
  const declared = check.mediaTypes;
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  const empty = body === undefined || body === null || body === '';
  if (check.validate === 'no-body') {
    return empty ? [] : [{ where: 'content-type', message: `${check.label} declares no response body`, value: contentType ?? null }];
  }
  if (!mediaType || !declared.includes(mediaType)) {
    return [{ where: 'content-type', message: `${check.label} declares ${declared.join(', ')}`, value: contentType ?? null }];
  }
  if (check.validate === 'not-json') return [];
  if (check.validate(body)) return [];
  return (check.validate.errors ?? []).map((error) => {
    const params = error.params as { missingProperty?: string; additionalProperty?: string; unevaluatedProperty?: string };
    // A missing or unexpected property is named by its own pointer.
    const property = params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty;
    const where =
      property === undefined ? error.instancePath : `${error.instancePath}/${property.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const value =
      params.missingProperty !== undefined
        ? undefined
        : property !== undefined
          ? (error.data as Record<string, unknown> | undefined)?.[property]
          : error.data;
    return { where, message: describeError(error), ...(value === undefined ? {} : { value }) };
  });
}

/** Like validateResponse, but throws a ContractError listing every mismatch. */
export function assertResponse(target: OperationTarget, status: number, body: unknown, document: OpenApiDocument = productDocument): void {
  const result = validateResponse(target, status, body, document);
  if (!result.valid) {
    const label = 'operationId' in target ? target.operationId : `${target.method.toUpperCase()} ${target.path}`;
    throw new ContractError(
      `Response ${status} of ${label} breaks the contract:\n${result.errors.map((error) => `  - ${error}`).join('\n')}`,
      result.errors,
    );
  }
}

type ResponseCheck =
  | { label: string; mediaTypes: string[]; requiredHeaders: string[]; validate: ValidateFunction | 'no-body' | 'not-json' }
  | { error: string };

interface DocumentState {
  ajv: Ajv2020;
  id: string;
  checks: Map<string, ResponseCheck>;
  /** Compiled response schemas, by the `$ref` they consist of or else their own place in the document. */
  validators: Map<string, ValidateFunction>;
}

const states = new WeakMap<OpenApiDocument, DocumentState>();
let documentCount = 0;

/** The compiled check for one operation and status, compiled once per document and cached. */
function responseCheck(document: OpenApiDocument, target: OperationTarget, status: number): ResponseCheck {
  const found = findOperation(document, target);
  if (!found) {
    const what = 'operationId' in target ? `operationId '${target.operationId}'` : `${target.method.toUpperCase()} ${target.path}`;
    return { error: `unknown operation: ${what} is not in ${document.info.title}` };
  }
  const { info, operation } = found;
  const responses = operation.responses ?? {};
  const statusKey = [String(status), `${String(status)[0]}XX`, 'default'].find((key) => key in responses);
  if (statusKey === undefined) {
    return { error: `${info.operationId} declares no response for status ${status} (declared: ${Object.keys(responses).join(', ')})` };
  }

  const state = documentState(document);
  const cacheKey = `${info.operationId} ${statusKey}`;
  const cached = state.checks.get(cacheKey);
  if (cached) return cached;

  const label = `${info.operationId} ${statusKey}`;
  let check: ResponseCheck;
  const resolved = resolveResponse(document, ['paths', info.path, info.method, 'responses', statusKey]);
  if (!resolved) {
    check = { error: `${label}: its response $ref does not resolve` };
  } else {
    const mediaTypes = Object.keys(resolved.response.content ?? {});
    const requiredHeaders = Object.entries(resolved.response.headers ?? {})
      .filter(([, header]) => (header as { required?: boolean }).required === true)
      .map(([name]) => name.toLowerCase());
    const json = mediaTypes.find((type) => type === 'application/json') ?? mediaTypes.find((type) => /[/+]json\b/.test(type));
    if (mediaTypes.length === 0) {
      check = { label, mediaTypes, requiredHeaders, validate: 'no-body' };
    } else if (json === undefined || resolved.response.content?.[json]?.schema === undefined) {
      // A page (text/html): only its media type can be checked.
      check = { label, mediaTypes, requiredHeaders, validate: 'not-json' };
    } else {
      try {
        check = { label, mediaTypes, requiredHeaders, validate: compiledSchema(state, resolved, json) };
      } catch (error) {
        check = { error: `${label}: its schema does not compile: ${error instanceof Error ? error.message : String(error)}` };
      }
    }
  }
  state.checks.set(cacheKey, check);
  return check;
}

/** Follows `$ref`s of a response object; returns it and the JSON pointer (as segments) where it lives. */
function resolveResponse(document: OpenApiDocument, start: string[]): { response: ResponseObject; pointer: string[] } | undefined {
  let pointer = start;
  for (let hops = 0; hops < 10; hops++) {
    const value = pointer.reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      document,
    );
    if (!value || typeof value !== 'object') return undefined;
    const ref = (value as Partial<Reference>).$ref;
    if (typeof ref !== 'string') return { response: value as ResponseObject, pointer };
    if (!ref.startsWith('#/')) return undefined;
    pointer = ref
      .slice(2)
      .split('/')
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  }
  return undefined;
}

/**
 * The response's schema, compiled once per document: operations share their error bodies' schemas (most
 * name the shared ErrorBody by a bare `{$ref}`), and a compile costs milliseconds over hundreds of checks.
 */
function compiledSchema(
  state: DocumentState,
  resolved: { response: ResponseObject; pointer: string[] },
  mediaType: string,
): ValidateFunction {
  const pointer = encodePointer([...resolved.pointer, 'content', mediaType, 'schema']);
  const schema: unknown = resolved.response.content?.[mediaType]?.schema;
  const ref = (schema as Partial<Reference> | undefined)?.$ref;
  const key = typeof ref === 'string' && ref.startsWith('#/') && Object.keys(schema as object).length === 1 ? ref : pointer;
  let validate = state.validators.get(key);
  if (!validate) {
    validate = state.ajv.compile({ $ref: `${state.id}#${pointer}` });
    state.validators.set(key, validate);
  }
  return validate;
}

function encodePointer(segments: string[]): string {
  return segments.map((segment) => `/${encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'))}`).join('');
}

function documentState(document: OpenApiDocument): DocumentState {
  let state = states.get(document);
  if (!state) {
    const ajv = new Ajv2020({
      allErrors: true,
      // Keeps the failing value on each error, for the messages.
      verbose: true,
      // Unknown keywords and formats fail loudly (e.g. an OpenAPI 3.0 `nullable` left in a 3.1 document).
      strict: true,
      // Type and tuple style are the linter's business; here they would only print warnings.
      strictTypes: false,
      strictTuples: false,
    });
    addFormats(ajv);
    // The document itself is registered as one schema resource so that every `#/...` ref resolves against
    // it. Its OpenAPI fields (paths, components, ...) and the OpenAPI schema vocabulary (example,
    // discriminator, xml, externalDocs) and `x-` extensions are annotations to Ajv, not validation keywords.
    const annotations = new Set([...Object.keys(document), 'example', 'discriminator', 'xml', 'externalDocs', ...extensionKeys(document)]);
    for (const keyword of annotations) {
      if (!ajv.getKeyword(keyword) && !keyword.startsWith('$')) ajv.addKeyword({ keyword });
    }
    const id = `https://creator-market.invalid/openapi/${++documentCount}.json`;
    ajv.addSchema({ ...document, $id: id });
    state = { ajv, id, checks: new Map(), validators: new Map() };
    states.set(document, state);
  }
  return state;
}

/** Every `x-...` key used anywhere in the document. */
function extensionKeys(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) extensionKeys(item, found);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) found.add(key);
      extensionKeys(value, found);
    }
  }
  return found;
}

/** `body.data[0].os` from the JSON pointer `/data/0/os`. */
function bodyPath(instancePath: string): string {
  if (!instancePath) return 'body';
  return `body${instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) =>
      /^\d+$/.test(segment) ? `[${segment}]` : /^[A-Za-z_$][\w$]*$/.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`,
    )
    .join('')}`;
}

function describeError(error: ErrorObject): string {
  const where = bodyPath(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${where} is missing required property '${String(params.missingProperty)}'`;
    case 'additionalProperties':
      return `${where} has unexpected property '${String(params.additionalProperty)}'`;
    case 'unevaluatedProperties':
      return `${where} has unexpected property '${String(params.unevaluatedProperty)}'`;
    case 'enum':
      return `${where} must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')} (got ${preview(error.data)})`;
    case 'const':
      return `${where} must be ${JSON.stringify(params.allowedValue)} (got ${preview(error.data)})`;
    case 'type':
      return `${where} must be ${String(params.type)} (got ${error.data === null ? 'null' : Array.isArray(error.data) ? 'array' : typeof error.data} ${preview(error.data)})`;
    case 'format':
      return `${where} must be a ${String(params.format)} string (got ${preview(error.data)})`;
    default:
      return `${where} ${error.message ?? error.keyword}`;
  }
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
