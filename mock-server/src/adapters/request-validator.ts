// Request validation for the msw adapter (the Express adapter uses express-openapi-validator): a request's
// path parameters, query and body checked against its operation in the OpenAPI document with Ajv 2020,
// compiled lazily, once per operation. It follows the Express side's settings (values coerced from strings,
// defaults applied, unknown query parameters refused) and its error paths (`/query/from`, `/params/id`,
// `/body/name`), so both adapters answer the same `bad-request` details. No Node-only imports: Vite bundles
// it for the browser's service worker.
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
  private readonly ajv: Ajv2020;
  private readonly id: string;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    this.ajv = new Ajv2020({ allErrors: true, coerceTypes: true, useDefaults: true, strict: false });
    addFormats(this.ajv);
    // The document is one schema resource, so that every `#/components/...` ref inside it resolves.
    this.id = `https://creator-market.invalid/requests/${++documentCount}.json`;
    this.ajv.addSchema({ ...structuredClone(document), $id: this.id });
  }

  /** The problems of the request, empty when it matches the operation. */
  validate(op: Pick<OperationInfo, 'operationId' | 'method' | 'path'>, parts: RequestParts): ValidationDetail[] {
    let validate = this.compiled.get(op.operationId);
    if (!validate) {
      validate = this.ajv.compile(this.requestSchema(op));
      this.compiled.set(op.operationId, validate);
    }
    const data: Json = { params: parts.params, query: parts.query };
    if (parts.body !== undefined) data.body = parts.body;
    return validate(data) ? [] : (validate.errors ?? []).map(detail);
  }

  /** One schema for the whole request: `{params, query, body}`, each part referring into the document. */
  private requestSchema(op: Pick<OperationInfo, 'method' | 'path'>): Json {
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

    const schema: Json = { type: 'object', properties: { params, query }, required: [] };
    if (operation.requestBody !== undefined) {
      const { pointer, value } = this.resolve([...base, 'requestBody']);
      const requestBody = value as { required?: boolean; content?: Record<string, unknown> };
      const mediaType = Object.keys(requestBody.content ?? {})[0];
      if (mediaType) (schema.properties as Json).body = { $ref: this.ref([...pointer, 'content', mediaType, 'schema']) };
      if (requestBody.required) (schema.required as string[]).push('body');
    }
    return schema;
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

/**
 * An Ajv error as express-openapi-validator reports it: the missing or extra property joins the path, enums
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
