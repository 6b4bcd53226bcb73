// @ts-check
// Tiny servers for the conformance kit's own tests: a node:http server that gives its own answer to the
// requests `answer` picks and forwards the rest to `upstream` (our mock), or answers 502 when there is none.
// They play what a kit meets in the field: a gateway answering 401 to everything, a base URL that is a web
// page, a backend whose list operations refuse or 404.
import { createServer, request } from 'node:http';
import { listenOnLoopback } from '../../bench/processes.mjs';

/** @typedef {{status: number, headers?: Record<string, string>, body?: string}} Answer */

/** A 401 as a gateway gives it, in the contract's error envelope. */
export const UNAUTHORIZED = /** @type {Answer} */ ({
  status: 401,
  headers: { 'content-type': 'application/json; charset=utf-8', 'www-authenticate': 'Bearer' },
  body: JSON.stringify({ data: 'unauthorized', message: 'login required' }),
});
/** A web page, as a website's (or a single-page app's) server answers any path. */
export const HTML_PAGE = /** @type {Answer} */ ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: '<!doctype html><html lang="ko"><head><title>크리에이터 마켓</title></head><body><div id="root"></div></body></html>',
});
/** A framework's own 404 page. */
export const NOT_FOUND_PAGE = /** @type {Answer} */ ({
  status: 404,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: '<!doctype html><title>404 Not Found</title><h1>Not Found</h1>',
});

/** The paths of the kit's discovery calls (its DISCOVERY list operations). */
export const DISCOVERY_PATHS = [
  /^\/common\/v2\/opened-market$/,
  /^\/cart\/v2\/get$/,
  /^\/room$/,
  /^\/room\/info\//,
  /^\/notification\/message$/,
];

/**
 * Starts a server on a free loopback port.
 * @param {{answer: (method: string, path: string) => Answer | undefined, upstream?: string}} options
 */
export function startAnsweringServer({ answer, upstream }) {
  const target = upstream ? new URL(upstream) : undefined;
  const server = createServer((req, res) => {
    const own = answer(req.method ?? 'GET', (req.url ?? '/').split('?')[0]);
    if (own || !target) {
      const { status, headers = {}, body = '' } = own ?? { status: 502, body: 'no upstream' };
      req.resume();
      res.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
      res.end(body);
      return;
    }
    const forward = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (upstreamRes) => {
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers);
        upstreamRes.pipe(res);
      },
    );
    forward.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`answering server: upstream ${upstream} failed: ${error.message}`);
    });
    req.pipe(forward);
  });
  return listenOnLoopback(server);
}
