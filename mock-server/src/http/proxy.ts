// Proxy mode (`pnpm mock --proxy URL [--proxy-only tag|operationId,...]`): the named operations of the
// product API go to a real server, the rest are answered by our handlers, so the app can run against a
// backend that has only some of the operations. A forwarded request keeps its method, path, query,
// headers (the caller's Authorization, X-Mock-World) and body; the answer is streamed back unchanged and,
// once complete, checked against the contract: a violation is printed once per (operation, location) and
// recorded in the request's journal entry. When the server cannot be reached, does not answer within the
// timeout or sends something that is not HTTP, the caller gets the catalogue's 502/504 naming that server.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { responseViolations, type Violation } from '@creator-market/openapi/contract';
import type { OpenApiDocument, OperationInfo } from '@creator-market/openapi';
import { ApiFailure } from './failure';
import type { JournalRecord } from './journal';
import { JSON_LIMIT_BYTES } from './json-body';

export interface ProxyOptions {
  /** The real server's origin, optionally with a base path (`https://staging.example/api`). */
  upstream: URL;
  /** Tags and operationIds to forward; null forwards every product API operation. */
  only: readonly string[] | null;
  /** How long the real server may take to answer completely, ms. */
  timeoutMs: number;
  /** Where violations are printed (once per operation and location). */
  log?: (line: string) => void;
}

/** Answers larger than this are streamed but not validated (nothing is buffered without bound). */
const VALIDATE_LIMIT_BYTES = 8 * 1024 * 1024;

/** Headers that belong to one connection, not to the request or answer (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host']);
/** X-Mock-Scenario is applied here, in front of the proxy: the real server must not apply it again. */
const NOT_FORWARDED = new Set([...HOP_BY_HOP, 'x-mock-scenario']);

/** Whether --proxy-only (null: absent) names the operation or its tag. */
export function forwardsOperation(only: readonly string[] | null, op: Pick<OperationInfo, 'operationId' | 'tag'>): boolean {
  return only === null || only.includes(op.operationId) || only.includes(op.tag);
}

export class OperationProxy {
  private readonly reported = new Set<string>();
  private readonly log: (line: string) => void;

  constructor(
    private readonly options: ProxyOptions,
    private readonly document: OpenApiDocument,
    operations: readonly OperationInfo[],
  ) {
    this.log = options.log ?? ((line) => console.warn(line));
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

  /** Forwards the request (its body not read yet) and streams the answer back. */
  forward(req: IncomingMessage, res: ServerResponse, op: OperationInfo, entry: JournalRecord | null, fail: (err: unknown) => void): void {
    const { upstream, timeoutMs } = this.options;
    const name = upstream.origin + (upstream.pathname === '/' ? '' : upstream.pathname);
    const headers: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(req.headers)) if (value !== undefined && !NOT_FORWARDED.has(key)) headers[key] = value;
    headers.host = upstream.host;
    const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
    const outgoing = send({
      protocol: upstream.protocol,
      hostname: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: `${upstream.pathname.replace(/\/$/, '')}${req.url ?? '/'}`,
      headers,
    });
    let settled = false;
    const timer = setTimeout(() => {
      giveUp(
        new ApiFailure(504, 'gateway-timeout', {
          message: `프록시 대상 서버 ${name}이(가) ${timeoutMs} ms 안에 답하지 않았어요 (upstream did not answer within ${timeoutMs} ms).`,
        }),
      );
    }, timeoutMs);
    const giveUp = (failure: ApiFailure) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outgoing.destroy();
      // Once the answer has started, its status cannot change: the connection is cut instead.
      if (res.headersSent) res.destroy();
      else fail(failure);
    };
    outgoing.on('error', (err: NodeJS.ErrnoException) => {
      const why =
        err.code === 'ECONNREFUSED'
          ? '연결을 거부했어요 (upstream refused the connection'
          : err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN'
            ? '주소를 찾지 못했어요 (upstream host not found'
            : '올바른 HTTP 응답을 보내지 않았어요 (bad upstream answer';
      giveUp(new ApiFailure(502, 'bad-gateway', { message: `프록시 대상 서버 ${name}이(가) ${why}: ${err.message}).` }));
    });

    // The request body goes through as it arrives; a JSON body up to the limit is also kept for the journal.
    const requestChunks: Buffer[] = [];
    let requestBytes = 0;
    if (entry) {
      req.on('data', (chunk: Buffer) => {
        requestBytes += chunk.length;
        if (requestBytes <= JSON_LIMIT_BYTES) requestChunks.push(chunk);
      });
      req.on('end', () => {
        if (requestBytes > 0 && requestBytes <= JSON_LIMIT_BYTES) entry.body = parseJson(Buffer.concat(requestChunks));
      });
    }
    req.pipe(outgoing);
    req.on('aborted', () => outgoing.destroy());
    res.on('close', () => {
      if (!res.writableFinished) outgoing.destroy();
    });

    outgoing.on('response', (answer: IncomingMessage) => {
      res.writeHead(answer.statusCode ?? 502, answerHeaders(answer.headers));
      const chunks: Buffer[] = [];
      let bytes = 0;
      answer.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= VALIDATE_LIMIT_BYTES) chunks.push(chunk);
      });
      answer.on('error', () => giveUp(new ApiFailure(502, 'bad-gateway')));
      answer.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const violations = bytes > VALIDATE_LIMIT_BYTES ? [] : this.check(op, answer, Buffer.concat(chunks));
        if (entry) entry.violations = violations.map(describe);
      });
      answer.pipe(res);
    });
  }

  /** The answer's violations of the contract, each printed the first time it is seen for the operation. */
  private check(op: OperationInfo, answer: IncomingMessage, bytes: Buffer): Violation[] {
    const contentType = answer.headers['content-type'];
    const text = bytes.toString('utf8');
    const body = text === '' ? undefined : /[/+]json\b/.test(contentType ?? '') ? (parseJson(bytes) ?? text) : text;
    const violations = responseViolations({ operationId: op.operationId }, answer.statusCode ?? 0, answer.headers, body, this.document);
    for (const violation of violations) {
      const key = `${op.operationId} ${violation.where}`;
      if (this.reported.has(key)) continue;
      this.reported.add(key);
      this.log(`[mock] proxy: ${op.operationId} ${answer.statusCode} breaks the contract at ${describe(violation)}`);
    }
    return violations;
  }
}

/** `where: message (value)`, as the journal and the log show a violation. */
function describe(violation: Violation): string {
  const value = 'value' in violation ? ` (got ${truncate(JSON.stringify(violation.value) ?? 'undefined')})` : '';
  return `${violation.where || '(body)'}: ${violation.message}${value}`;
}

function truncate(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The answer's headers but the hop-by-hop ones and CORS: the browser talks to the mock, whose CORS headers are already set. */
function answerHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(key) && !key.startsWith('access-control-')) out[key] = value;
  }
  return out;
}
