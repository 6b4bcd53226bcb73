// The parts of an OpenAPI 3.1 document that this package reads. Deliberately loose: the documents are
// checked by `redocly lint` and scripts/validate.mjs, not by these types.

export type JsonSchema = Record<string, unknown> | boolean;

export interface Reference {
  $ref: string;
}

export interface MediaTypeObject {
  schema?: JsonSchema;
  example?: unknown;
  examples?: Record<string, unknown>;
}

export interface ResponseObject {
  description: string;
  content?: Record<string, MediaTypeObject>;
  headers?: Record<string, unknown>;
}

export type SecurityRequirement = Record<string, string[]>;

export interface OperationObject {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: SecurityRequirement[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, ResponseObject | Reference>;
}

export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof httpMethods)[number];

export type PathItemObject = { [method in HttpMethod]?: OperationObject } & {
  parameters?: unknown[];
  summary?: string;
  description?: string;
};

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; [key: string]: unknown };
  servers?: { url: string; description?: string }[];
  security?: SecurityRequirement[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, PathItemObject>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    responses?: Record<string, ResponseObject | Reference>;
    [kind: string]: Record<string, unknown> | undefined;
  };
  [key: string]: unknown;
}

/** One row of the operations table. */
export interface OperationInfo {
  operationId: string;
  method: HttpMethod;
  /** The path template as the document writes it, e.g. `/receipt/get/{publicId}`. */
  path: string;
  /** The operation's (single) tag. */
  tag: string;
  /** A guest (no token) may call it: its security requirements include the empty one `{}`. */
  guest: boolean;
  /** It declares a request body. */
  hasBody: boolean;
  /** Its one-line summary ('' when it has none). */
  summary: string;
}
