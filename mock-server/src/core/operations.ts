// The operations the core answers with typed handlers: the product API at the root and the ad service under
// /ads, each with its document, request validator and error shape. Finding an operation is one table lookup
// (../http/operation-table); answering it reads the body (JSON, or the multipart form of an upload), validates
// path, query and body, resolves the caller and runs the handler (../http/pipeline).
import { adOperations, adsDocument, operations as productOperations, productDocument } from '@creator-market/openapi';
import type { OpenApiDocument, OperationInfo } from '@creator-market/openapi';
import { RequestValidator } from '../http/request-validator';
import type { ScenarioTarget } from '../control/scenarios';
import { adHandlers, adKeyRejection, toAdError } from '../handlers/ads';
import { handlers as productHandlers } from '../handlers';
import type { Handler, HandlerMap, OperationId, UploadedFile } from '../handlers/types';
import { JSON_TYPE, HTML_TYPE, utf8, type Answer, type AnswerHeaders, type CoreRequest } from '../http/exchange';
import { ApiFailure, type ErrorBody } from '../http/failure';
import { JSON_LIMIT_BYTES, parseJsonBody, tooLarge, UPLOAD_LIMIT_BYTES } from '../http/json-body';
import { OperationTable, type OperationMatch } from '../http/operation-table';
import { resolveCaller, runHandler, type Outcome } from './pipeline';
import type { World } from '../world/world';

/** One API served under `prefix`: its document, operations and handlers. */
export interface ApiService {
  /** '' for the product API, '/ads' for the ad service. */
  prefix: string;
  document: OpenApiDocument;
  operations: readonly OperationInfo[];
  handlers: Partial<HandlerMap>;
  /** Checked after the scenario gate, before the body is read; a failure it returns answers the request (the ad service's app key). */
  guard?: (request: CoreRequest) => ApiFailure | null;
  /** Reshapes error bodies for a service whose document declares its own error shape (the ad service). */
  formatError?: (status: number, body: ErrorBody) => unknown;
}

export interface OperationRoute {
  service: ApiService;
  op: OperationInfo;
  handler: Handler<OperationId>;
  validator: RequestValidator;
  takesFiles: boolean;
  /** Forwarded to the real server (proxy mode) instead of answered by the handler. */
  proxied: boolean;
}

/** The product API and the ad service (its fixed app key instead of a user token, and its own error shape `{code, msg}`). */
export function apiServices(handlerOverrides: Partial<HandlerMap> = {}): ApiService[] {
  return [
    { prefix: '', document: productDocument, operations: productOperations, handlers: { ...productHandlers, ...handlerOverrides } },
    {
      prefix: '/ads',
      document: adsDocument,
      operations: adOperations.map((op) => ({ ...op, guest: true })),
      handlers: adHandlers as never,
      guard: (request) => {
        const rejection = adKeyRejection(request.header('authorization'));
        return rejection ? new ApiFailure(rejection.status, 'unauthorized', { message: rejection.body.msg }) : null;
      },
      formatError: toAdError,
    },
  ];
}

/** Every operation scenarios can be forced on, each as its own document declares its answers. */
export function scenarioTargets(services: readonly ApiService[]): ScenarioTarget[] {
  return services.flatMap(({ prefix, document, operations, formatError }) =>
    operations.map((op) => ({ operationId: op.operationId, method: op.method, path: `${prefix}${op.path}`, document, formatError })),
  );
}

export class OperationRoutes {
  private readonly tables: { service: ApiService; table: OperationTable<OperationInfo>; routes: Map<OperationInfo, OperationRoute> }[];

  constructor(services: readonly ApiService[], forwards: (op: OperationInfo) => boolean) {
    this.tables = services.map((service) => {
      const validator = new RequestValidator(service.document);
      const routes = new Map<OperationInfo, OperationRoute>();
      for (const op of service.operations) {
        const handler = service.handlers[op.operationId as keyof HandlerMap];
        if (!handler) throw new Error(`no handler for operation ${op.operationId}`);
        // Only the product API is forwarded: the ad service is another server.
        const proxied = service.prefix === '' && forwards(op);
        routes.set(op, { service, op, handler, validator, takesFiles: isMultipart(service.document, op), proxied });
      }
      return { service, table: new OperationTable(service.operations), routes };
    });
  }

  /** The operation a request is for and its path parameters; null when none. Throws MalformedPathError. */
  find(method: string, pathname: string): OperationMatch<OperationRoute> | null {
    for (const { service, table, routes } of this.tables) {
      if (service.prefix && pathname !== service.prefix && !pathname.startsWith(`${service.prefix}/`)) continue;
      const match = table.match(method, pathname.slice(service.prefix.length) || '/');
      if (match) return { op: routes.get(match.op)!, params: match.params };
    }
    return null;
  }
}

interface BodyInput {
  body: unknown;
  files: UploadedFile[];
  /** The uploaded files' names, by field (what the schema validates for a `format: binary` field). */
  fileNames: Record<string, string>;
}

const NO_BODY: BodyInput = { body: undefined, files: [], fileNames: {} };

/** The JSON body (see ../http/json-body), or the multipart form of an upload operation with its file. */
export async function readOperationBody(request: CoreRequest, route: OperationRoute): Promise<BodyInput> {
  if (request.method === 'GET' || request.method === 'HEAD') return NO_BODY;
  if (route.takesFiles) return readMultipart(request);
  const encoding = request.header('content-encoding');
  if (encoding && encoding.toLowerCase() !== 'identity') {
    throw new ApiFailure(400, 'bad-request', { message: `지원하지 않는 Content-Encoding이에요: ${encoding}` });
  }
  if (!request.hasBody) return NO_BODY;
  const bytes = await request.body(JSON_LIMIT_BYTES);
  return { body: parseJsonBody(utf8(bytes), request.header('content-type') ?? '', bytes.byteLength), files: [], fileNames: {} };
}

/**
 * A request's JSON body for the sticky rules that match bodies (../control/rules): undefined when there is
 * none, it is not JSON or it does not parse (the operation's own reading answers those). The doors keep the
 * bytes, so the operation reads the same body again.
 */
export async function jsonBodyForRules(request: CoreRequest): Promise<unknown> {
  if (!request.hasBody || !(request.header('content-type') ?? '').toLowerCase().includes('json')) return undefined;
  try {
    return JSON.parse(utf8(await request.body(JSON_LIMIT_BYTES)));
  } catch {
    return undefined;
  }
}

/** Room for the form's other fields and boundaries beside the one file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
const MAX_FORM_FIELDS = 20;

/** The upload's fields and its one file, parsed by the platform's own FormData (node's undici or the browser's). */
async function readMultipart(request: CoreRequest): Promise<BodyInput> {
  const contentType = request.header('content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    throw new ApiFailure(400, 'bad-request', { message: '요청 본문이 올바른 multipart 형식이 아니에요.' });
  }
  const bytes = await request.body(UPLOAD_LIMIT_BYTES + FORM_OVERHEAD_BYTES);
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new ApiFailure(400, 'bad-request', { message: '요청 본문이 올바른 multipart 형식이 아니에요.' });
  }
  const fields = Object.create(null) as Record<string, unknown>;
  const files: UploadedFile[] = [];
  const fileNames: Record<string, string> = {};
  const entries: [string, FormDataEntryValue][] = [];
  form.forEach((value, name) => entries.push([name, value]));
  let count = 0;
  for (const [name, value] of entries) {
    if (++count > MAX_FORM_FIELDS + 1)
      throw new ApiFailure(400, 'bad-request', { message: '요청 본문이 올바른 multipart 형식이 아니에요.' });
    if (typeof value === 'string') {
      fields[name] = value;
      continue;
    }
    if (value.size > UPLOAD_LIMIT_BYTES) throw tooLarge();
    files.push({ fieldname: name, mimetype: value.type, size: value.size, buffer: new Uint8Array(await value.arrayBuffer()) });
    fileNames[name] = value.name || 'file';
  }
  if (files.length > 1) throw new ApiFailure(400, 'bad-request', { message: '파일은 하나만 올릴 수 있어요.' });
  return { body: fields, files, fileNames };
}

/** What a handler needs to know about where the request came from. */
export interface CallerContext {
  world: World;
  originAllowed: (origin: string) => boolean;
}

/** Validates the request and runs the operation's handler: its answer, errors in the service's shape. */
export function answerOperation(
  request: CoreRequest,
  route: OperationRoute,
  params: Record<string, string>,
  query: Record<string, unknown>,
  input: BodyInput,
  { world, originAllowed }: CallerContext,
  headers: AnswerHeaders,
): Answer {
  const { op, handler, validator, takesFiles, service } = route;
  // Multipart fields are validated as the document declares them: a file by its name.
  const validated = takesFiles ? { ...(input.body as object), ...input.fileNames } : input.body;
  const details = validator.validate(op, { params, query, body: validated });
  if (details.length) throw new ApiFailure(400, 'bad-request', { details });
  const outcome = runHandler(op, handler, {
    world,
    user: resolveCaller(world, request.header('authorization')),
    params,
    query,
    body: takesFiles ? input.body : validated,
    files: input.files,
    origin: request.origin,
    originAllowed,
    client: `${request.clientAddress}|${request.header('user-agent') ?? ''}`,
  });
  return outcomeAnswer(outcome, headers, service.formatError);
}

/** A handler's outcome as an answer: JSON, or the raw page or redirect it made. */
export function outcomeAnswer(
  outcome: Outcome,
  headers: AnswerHeaders,
  formatError?: (status: number, body: ErrorBody) => unknown,
): Answer {
  if ('raw' in outcome) {
    Object.assign(headers, outcome.headers);
    if (outcome.body !== undefined) headers['Content-Type'] = outcome.contentType ?? HTML_TYPE;
    return { status: outcome.status, headers, body: outcome.body };
  }
  const body = outcome.status >= 400 && formatError ? formatError(outcome.status, outcome.body as ErrorBody) : outcome.body;
  headers['Content-Type'] = JSON_TYPE;
  return { status: outcome.status, headers, body: JSON.stringify(body) };
}

function isMultipart(document: OpenApiDocument, op: OperationInfo): boolean {
  const requestBody = document.paths?.[op.path]?.[op.method]?.requestBody as { content?: Record<string, unknown> } | undefined;
  return Boolean(requestBody?.content?.['multipart/form-data']);
}
