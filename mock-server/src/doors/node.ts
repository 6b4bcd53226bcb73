// The node door: node:http's request and response converted to the core's (../core) and back. It holds no
// rule: it reads the body only when the core asks (up to the core's limit), writes the answer, and expresses
// a transport fault on the socket (./node-faults). Node's request objects are wrapped, not copied into a
// Fetch Request: that costs nothing on the hot path (pnpm bench, CPU per request).
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Core } from '../core/core';
import { errorAnswer } from '../core/core';
import type { Answer, CoreRequest } from '../http/exchange';
import { ApiFailure } from '../http/failure';
import { tooLarge } from '../http/json-body';
import { sendFault } from './node-faults';

class NodeRequest implements CoreRequest {
  readonly method: string;
  readonly pathname: string;
  readonly search: string;
  readonly hasBody: boolean;
  /** Set when the body was cut off past its limit: the connection closes after the answer. */
  discarded = false;
  private read: Promise<Uint8Array> | null = null;

  constructor(readonly req: IncomingMessage) {
    const url = req.url ?? '/';
    const queryStart = url.indexOf('?');
    this.method = req.method ?? 'GET';
    this.pathname = queryStart === -1 ? url : url.slice(0, queryStart);
    this.search = queryStart === -1 ? '' : url.slice(queryStart + 1);
    this.hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  }

  header(name: string): string | undefined {
    const value = this.req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  }

  *headerEntries(): Iterable<[string, string]> {
    for (const [key, value] of Object.entries(this.req.headers)) {
      if (value !== undefined) yield [key, Array.isArray(value) ? value.join(', ') : value];
    }
  }

  get origin(): string {
    return `${(this.req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'}://${this.header('host') ?? ''}`;
  }

  get clientAddress(): string {
    return this.req.socket.remoteAddress ?? '';
  }

  body(limit: number): Promise<Uint8Array> {
    return (this.read ??= this.readBody(limit));
  }

  private readBody(limit: number): Promise<Uint8Array> {
    const { req } = this;
    if (Number(req.headers['content-length']) > limit) {
      this.discard();
      return Promise.reject(tooLarge());
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          this.discard();
          reject(tooLarge());
          return;
        }
        chunks.push(chunk);
      });
      req.on('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
      req.on('error', () => reject(new ApiFailure(400, 'bad-request', { message: '요청 본문을 끝까지 받지 못했어요.' })));
    });
  }

  /** Stops buffering: what is left of the body is discarded and the connection closed after the answer. */
  private discard(): void {
    this.discarded = true;
    this.req.removeAllListeners('data');
    this.req.resume();
  }
}

/** What `http.createServer` serves: every request through the core. */
export function nodeListener(core: Pick<Core, 'handle'>): RequestListener {
  return (req, res) => {
    const request = new NodeRequest(req);
    core.handle(request).then(
      (answer) => write(request, res, answer),
      // The core answers every failure itself; this is a bug's last resort, still in the catalogue's shape.
      (err: unknown) => write(request, res, errorAnswer(err, {})),
    );
  };
}

function write(request: NodeRequest, res: ServerResponse, answer: Answer): void {
  if (res.destroyed) return;
  const { headers, body } = answer;
  if (answer.fault) {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    sendFault(answer.fault, request.req, res);
    return;
  }
  if (request.discarded) headers.Connection = 'close';
  if (body === undefined) {
    res.writeHead(answer.status, headers).end();
    return;
  }
  // One writeHead with the answer's own headers (no setHeader map of them). A string body (every JSON answer
  // but the cached market detail) is measured rather than copied into a Buffer, and written before end():
  // node then sends head and body in one write, where end(body) queues an empty chunk behind them and makes
  // it a writev (pnpm bench's write path, CPU per request: docs/decisions/bench-gates.md).
  headers['Content-Length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  res.writeHead(answer.status, headers);
  res.write(body);
  res.end();
}
