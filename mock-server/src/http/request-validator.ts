// Request validation for the core (every door): a request's path parameters, query and body
// checked against its operation in the OpenAPI document with Ajv 2020, compiled lazily, once per operation
// (compiling the whole document up front cost a quarter of the start-up). Path and query values arrive as
// strings, so they are coerced to their schema types and defaulted; a JSON body is never coerced (`true`
// is not a name, `null` is not 0), and a number that is not finite (`1e309`) is refused. Unknown query
// parameters are refused. Error paths read `/query/from`, `/params/id`, `/body/name`. No Node-only
// imports: Vite bundles it for the browser's service worker.
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApiDocument, OperationInfo } from '@creator-market/openapi';

/** The parts of a request that are validated. Query and path values are coerced and defaulted in place. */
export interface RequestParts {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The parsed JSON body, or the multipart fields (files as their names); undefined when there is none. */
  body: unknown;
}

export interface ValidationDetail {
  path: string;
  message: string;
}

type Json = Record<string, unknown>;

let documentCount = 0;

export class RequestValidator {
  /** The two Ajv instances, made on the first validation: making them is most of their cost (see ajvs). */
  private instances: { coercing: Ajv2020; strict: Ajv2020 } | null = null;
  private readonly id: string;
  private readonly compiled = new Map<string, { parameters: ValidateFunction; body: ValidateFunction | null }>();

  constructor(private readonly document: OpenApiDocument) {
    this.id = `https://creator-market.invalid/requests/${++documentCount}.json`;
  }

  /**
   * For path and query values (strings on the wire): `coercing`, coerced to their types, defaults applied;
   * for bodies, `strict`: JSON already has types, so nothing is coerced. Made on first use, not at start-up,
   * and without checking the document against the JSON Schema meta-schema (validateSchema: false): compiling
   * the meta-schema was ~15% of the server's start-up, and the contract is linted on every change
   * (`pnpm --filter @creator-market/openapi lint`), so a schema Ajv cannot compile still fails loudly here.
   */
  private ajvs(): { coercing: Ajv2020; strict: Ajv2020 } {
    if (this.instances) return this.instances;
    // The document is one schema resource, so that every `#/components/...` ref inside it resolves.
    const resource = { ...structuredClone(this.document), $id: this.id };
    const common = { allErrors: true, useDefaults: true, strict: false, addUsedSchema: false, validateSchema: false } as const;
    const coercing = new Ajv2020({ ...common, coerceTypes: true });
    const strict = new Ajv2020({ ...common, coerceTypes: false });
    for (const ajv of [coercing, strict]) {
      addFormats(ajv);
      ajv.addSchema(resource);
    }
    this.instances = { coercing, strict };
    return this.instances;
  }

  /** The problems of the request, empty when it matches the operation. */
  validate(op: Pick<OperationInfo, 'operationId' | 'method' | 'path'>, parts: RequestParts): ValidationDetail[] {
    let validators = this.compiled.get(op.operationId);
    if (!validators) {
      const { parameters, body } = this.requestSchemas(op);
      const { coercing, strict } = this.ajvs();
      validators = { parameters: coercing.compile(parameters), body: body ? strict.compile(body) : null };
      this.compiled.set(op.operationId, validators);
    }
    const problems: ValidationDetail[] = [];
    const parameters = { params: parts.params, query: parts.query };
    if (!validators.parameters(parameters)) problems.push(...(validators.parameters.errors ?? []).map(detail));
    problems.push(...nonFinite(parameters));
    if (validators.body && !validators.body({ body: parts.body })) problems.push(...(validators.body.errors ?? []).map(detail));
    return problems;
  }

  /** The schemas of a request: `{params, query}` and `{body}`, each part referring into the document. */
  private requestSchemas(op: Pick<OperationInfo, 'method' | 'path'>): { parameters: Json; body: Json | null } {
    const base = ['paths', op.path, op.method];
    const operation = this.at(base) as Json;
    const pathItem = this.at(['paths', op.path]) as Json;
    const params: Json = { type: 'object', properties: {}, required: [] };
    const query: Json = { type: 'object', properties: {}, required: [], additionalProperties: false };
    const declared = [
      ...((pathItem.parameters as unknown[] | undefined) ?? []).map((_, i) => ['paths', op.path, 'parameters', String(i)]),
      ...((operation.parameters as unknown[] | undefined) ?? []).map((_, i) => [...base, 'parameters', String(i)]),
    ];
    for (const start of declared) {
      const { pointer, value } = this.resolve(start);
      const parameter = value as { name: string; in: string; required?: boolean };
      const part = parameter.in === 'path' ? params : parameter.in === 'query' ? query : undefined;
      if (!part) continue;
      (part.properties as Json)[parameter.name] = { $ref: this.ref([...pointer, 'schema']) };
      if (parameter.required || parameter.in === 'path') (part.required as string[]).push(parameter.name);
    }

    const parameters: Json = { type: 'object', properties: { params, query }, required: [] };
    if (operation.requestBody === undefined) return { parameters, body: null };
    const { pointer, value } = this.resolve([...base, 'requestBody']);
    const requestBody = value as { required?: boolean; content?: Record<string, unknown> };
    const mediaType = Object.keys(requestBody.content ?? {})[0];
    const body: Json = { type: 'object', properties: {}, required: requestBody.required ? ['body'] : [] };
    if (mediaType) (body.properties as Json).body = { $ref: this.ref([...pointer, 'content', mediaType, 'schema']) };
    return { parameters, body };
  }

  private at(pointer: string[]): unknown {
    return pointer.reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined), this.document);
  }

  /** Follows local `$ref`s from `start`; the pointer where the value lives and the value. */
  private resolve(start: string[]): { pointer: string[]; value: unknown } {
    let pointer = start;
    for (let hops = 0; hops < 10; hops++) {
      const value = this.at(pointer);
      const ref = (value as { $ref?: unknown } | undefined)?.$ref;
      if (typeof ref !== 'string' || !ref.startsWith('#/')) return { pointer, value };
      pointer = ref
        .slice(2)
        .split('/')
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    }
    throw new Error(`$ref chain too long at ${start.join('/')}`);
  }

  private ref(pointer: string[]): string {
    return `${this.id}#${pointer.map((s) => `/${encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))}`).join('')}`;
  }
}

/** Coerced path and query numbers that are not finite (`1e309` coerces to Infinity, which Ajv lets through). */
function nonFinite(parts: { params: Json; query: Json }): ValidationDetail[] {
  const out: ValidationDetail[] = [];
  for (const [where, values] of Object.entries(parts)) {
    for (const [name, value] of Object.entries(values)) {
      if (typeof value === 'number' && !Number.isFinite(value)) out.push({ path: `/${where}/${name}`, message: 'must be a finite number' });
    }
  }
  return out;
}

/**
 * An Ajv error in readable form (the wording express-openapi-validator used): the missing or extra property joins the path, enums
 * list their values, an extra query parameter is 'unknown'.
 */
function detail(error: ErrorObject): ValidationDetail {
  const params = error.params as { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[] };
  const property = params.missingProperty ?? params.additionalProperty;
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'additionalProperties' && error.instancePath === '/query') message = `Unknown query parameter '${property}'`;
  return {
    path: property ? `${error.instancePath}/${property}` : error.instancePath,
    message: error.keyword === 'enum' && params.allowedValues ? `${message}: ${params.allowedValues.join(', ')}` : message,
  };
}
