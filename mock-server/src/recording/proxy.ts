// Proxy mode (`pnpm mock --proxy URL [--proxy-only tag|operationId,...]`): the named operations of the
// product API go to a real server, the rest are answered by our handlers, so the app can run against a
// backend that has only some of the operations. A forwarded request keeps its method, path, query,
// headers (the caller's Authorization, X-Mock-World) and body; the answer is sent back unchanged (buffered: it is
// checked as a whole), checked against the contract: a violation is printed once per (operation, location) and
// recorded in the request's journal entry. When the server cannot be reached, does not answer within the
// timeout or sends something that is not HTTP, the caller gets the catalogue's 502/504 naming that server.
import { responseViolations, type Violation } from '@creator-market/openapi/contract';
import type { OpenApiDocument, OperationInfo } from '@creator-market/openapi';
import { ApiFailure } from '../http/failure';
import { utf8, type Answer, type AnswerHeaders, type CoreRequest } from '../http/exchange';
import { JSON_LIMIT_BYTES, UPLOAD_LIMIT_BYTES } from '../http/json-body';
import { DiffLog } from './diff';
import type { Recording } from './recording';
import { ShadowWorlds } from './shadow';

export interface ForwardedAnswer {
  answer: Answer;
  /** The request's JSON body, for the journal (undefined when none or not JSON). */
  requestBody: unknown;
  /** Where the answer broke the contract, as the journal keeps them. */
  violations: string[];
  /** The request's body as sent (diff mode answers it again in the shadow world). */
  requestBytes: Uint8Array | undefined;
  /** The answer's body as parsed (JSON, else its text; undefined when empty or too large to check). */
  body: unknown;
}

export interface ProxyOptions {
  /** The real server's origin, optionally with a base path (`https://staging.example/api`). */
  upstream: URL;
  /** Tags and operationIds to forward; null forwards every product API operation. */
  only: readonly string[] | null;
  /** How long the real server may take to answer completely, ms. */
  timeoutMs: number;
  /** Where violations are printed (once per operation and location). */
  log?: (line: string) => void;
  /**
   * --record DIR: every conforming answer becomes records of the world's entities there, every violating
   * one is kept with its violations (../recording/recording).
   */
  recording?: Recording;
  /** --diff: each forwarded request is also answered in a shadow world and the answers compared (./diff). */
  diff?: boolean;
}

/** Answers larger than this are streamed but not validated (nothing is buffered without bound). */
const VALIDATE_LIMIT_BYTES = 8 * 1024 * 1024;

/** Headers that belong to one connection, not to the request or answer (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host']);
/**
 * X-Mock-Scenario is applied here, in front of the proxy: the real server must not apply it again. X-Mock-Screen
 * (the app's screen) is for the journal only.
 */
const NOT_FORWARDED = new Set([...HOP_BY_HOP, 'x-mock-scenario', 'x-mock-screen', 'content-length', 'expect']);

/** Whether --proxy-only (null: absent) names the operation or its tag. */
export function forwardsOperation(only: readonly string[] | null, op: Pick<OperationInfo, 'operationId' | 'tag'>): boolean {
  return only === null || only.includes(op.operationId) || only.includes(op.tag);
}

export class OperationProxy {
  private readonly reported = new Set<string>();
  private readonly log: (line: string) => void;
  /** Diff mode's findings per operation (GET /__mock/diff); null when diff mode is off. */
  readonly diffs: DiffLog | null;
  /** Diff mode's shadow worlds, one per world (./shadow); null when diff mode is off. */
  readonly shadows: ShadowWorlds | null;

  constructor(
    private readonly options: ProxyOptions,
    private readonly document: OpenApiDocument,
    operations: readonly OperationInfo[],
  ) {
    this.log = options.log ?? ((line) => console.warn(line));
    this.diffs = options.diff ? new DiffLog() : null;
    this.shadows = options.diff ? new ShadowWorlds() : null;
    if (options.only) {
      const known = new Set(operations.flatMap((op) => [op.operationId, op.tag]));
      const unknown = options.only.filter((name) => !known.has(name));
      if (unknown.length) throw new Error(`--proxy-only names no tag or operationId of the product API: ${unknown.join(', ')}`);
    }
  }

  /** Whether this operation of the product API goes to the real server. */
  forwards(op: OperationInfo): boolean {
    return forwardsOperation(this.options.only, op);
  }

  /**
   * Forwards the request and gives back the real server's answer (buffered, then checked), with the request's
   * JSON body for the journal and the answer's violations of the contract.
   */
  async forward(request: CoreRequest, op: OperationInfo): Promise<ForwardedAnswer> {
    const { upstream, timeoutMs } = this.options;
    const name = upstream.origin + (upstream.pathname === '/' ? '' : upstream.pathname);
    const headers: Record<string, string> = {};
    for (const [key, value] of request.headerEntries()) if (!NOT_FORWARDED.has(key)) headers[key] = value;
    const hasBody = request.hasBody && request.method !== 'GET' && request.method !== 'HEAD';
    const requestBytes = hasBody ? await request.body(UPLOAD_LIMIT_BYTES) : undefined;
    const url = `${upstream.origin}${upstream.pathname.replace(/\/$/, '')}${request.pathname}${request.search ? `?${request.search}` : ''}`;
    let response: Response;
    let bytes: Uint8Array;
    try {
      response = await fetch(url, {
        method: request.method,
        headers,
        body: requestBytes as Uint8Array<ArrayBuffer> | undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (err) {
      throw upstreamFailure(err, name, timeoutMs);
    }
    const answerHeaders: AnswerHeaders = {};
    response.headers.forEach((value, key) => {
      if (!HOP_BY_HOP.has(key) && !key.startsWith('access-control-') && key !== 'content-encoding' && key !== 'content-length')
        answerHeaders[key] = value;
    });
    const checked = bytes.byteLength <= VALIDATE_LIMIT_BYTES;
    const body = checked ? bodyOf(answerHeaders, bytes) : undefined;
    const violations = checked ? this.check(op, response.status, answerHeaders, body) : [];
    const requestBody = requestBytes && requestBytes.byteLength <= JSON_LIMIT_BYTES ? parseJson(requestBytes) : undefined;
    const described = violations.map(describe);
    if (this.options.recording && checked) this.record(request, op, requestBody, response.status, body, violations);
    return {
      answer: { status: response.status, headers: answerHeaders, body: bytes },
      requestBody,
      violations: described,
      requestBytes,
      body,
    };
  }

  /** --record: the answer into the recording (a failure to record is printed; the caller gets the answer anyway). */
  private record(
    request: CoreRequest,
    op: OperationInfo,
    requestBody: unknown,
    status: number,
    body: unknown,
    violations: Violation[],
  ): void {
    const recording = this.options.recording!;
    const answer = {
      op,
      method: request.method,
      path: request.pathname,
      query: Object.fromEntries(new URLSearchParams(request.search)),
      authorization: request.header('authorization'),
      requestBody,
      status,
      body,
    };
    try {
      if (violations.length > 0) recording.violation(answer, violations);
      else recording.observe(answer);
    } catch (err) {
      this.log(`[mock] record: ${op.operationId} ${status} could not be recorded: ${(err as Error).message}`);
    }
  }

  /** The answer's violations of the contract, each printed the first time it is seen for the operation. */
  private check(op: OperationInfo, status: number, headers: AnswerHeaders, body: unknown): Violation[] {
    const violations = responseViolations({ operationId: op.operationId }, status, headers, body, this.document);
    for (const violation of violations) {
      const key = `${op.operationId} ${violation.where}`;
      if (this.reported.has(key)) continue;
      this.reported.add(key);
      this.log(`[mock] proxy: ${op.operationId} ${status} breaks the contract at ${describe(violation)}`);
    }
    return violations;
  }
}

/** `where: message (value)`, as the journal and the log show a violation. */
function describe(violation: Violation): string {
  const value = 'value' in violation ? ` (got ${truncate(JSON.stringify(violation.value) ?? 'undefined')})` : '';
  return `${violation.where || '(body)'}: ${violation.message}${value}`;
}

/** The answer's body as the contract checks it: JSON when it says so (else its text), undefined when empty. */
function bodyOf(headers: AnswerHeaders, bytes: Uint8Array): unknown {
  const text = utf8(bytes);
  return text === '' ? undefined : /[/+]json\b/.test(headers['content-type'] ?? '') ? (parseJson(bytes) ?? text) : text;
}

function truncate(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(utf8(bytes));
  } catch {
    return undefined;
  }
}

/** The upstream's failure as the catalogue's 502 or 504 naming it. */
function upstreamFailure(err: unknown, name: string, timeoutMs: number): ApiFailure {
  const error = err as Error & { cause?: { code?: string; message?: string } };
  if (error.name === 'TimeoutError' || error.name === 'AbortError') {
    return new ApiFailure(504, 'gateway-timeout', {
      message: `프록시 대상 서버 ${name}이(가) ${timeoutMs} ms 안에 답하지 않았어요 (upstream did not answer within ${timeoutMs} ms).`,
    });
  }
  const code = error.cause?.code;
  const why =
    code === 'ECONNREFUSED'
      ? '연결을 거부했어요 (upstream refused the connection'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? '주소를 찾지 못했어요 (upstream host not found'
        : '올바른 HTTP 응답을 보내지 않았어요 (bad upstream answer';
  return new ApiFailure(502, 'bad-gateway', {
    message: `프록시 대상 서버 ${name}이(가) ${why}: ${error.cause?.message ?? error.message}).`,
  });
}
