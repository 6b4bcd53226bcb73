// A small HTTP client over node:http with keep-alive sockets, for the bench's setup and the reliability
// suite. It never throws on an HTTP status: callers see every status, and socket errors are returned as
// `{status: 0, error}` so a load run can count them instead of dying.
import http from 'node:http';

/**
 * @param {string} baseUrl e.g. http://127.0.0.1:4999
 * @param {{maxSockets?: number, timeoutMs?: number}} [options]
 */
export function createClient(baseUrl, { maxSockets = 64, timeoutMs = 15_000 } = {}) {
  const origin = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const stats = { keepAliveRetries: 0 };

  /**
   * @param {string} method
   * @param {string} path path and query, already encoded
   * @param {{token?: string, world?: string, body?: unknown, rawBody?: string | Buffer, headers?: Record<string, string>, parse?: boolean}} [options]
   *   parse: false skips JSON parsing of a 2xx answer (load runs that only need the status)
   * @returns {Promise<{status: number, headers: http.IncomingHttpHeaders, text: string, json: any, ms: number, error?: Error}>}
   */
  function call(method, path, { token, world, body, rawBody, headers = {}, parse = true } = {}) {
    const requestHeaders = { ...headers };
    if (token) requestHeaders.authorization = `Bearer ${token}`;
    if (world) requestHeaders['x-mock-world'] = world;
    let payload;
    if (rawBody !== undefined) payload = Buffer.isBuffer(rawBody) ? rawBody : Buffer.from(rawBody);
    else if (body !== undefined) {
      payload = Buffer.from(JSON.stringify(body));
      requestHeaders['content-type'] ??= 'application/json';
    }
    if (payload) requestHeaders['content-length'] = String(payload.length);

    const started = performance.now();
    const attempt = (retried) =>
      new Promise((resolve) => {
        const req = http.request(
          { host: origin.hostname, port: origin.port, method, path, headers: requestHeaders, agent, timeout: timeoutMs },
          (res) => {
            const chunks = [];
            res.on('data', (chunk) => chunks.push(chunk));
            res.on('error', (error) =>
              resolve({ status: 0, headers: {}, text: '', json: undefined, ms: performance.now() - started, error }),
            );
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              let json;
              if ((parse || (res.statusCode ?? 0) >= 400) && /json/.test(res.headers['content-type'] ?? '') && text) {
                try {
                  json = JSON.parse(text);
                } catch {
                  json = undefined;
                }
              }
              resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json, ms: performance.now() - started });
            });
          },
        );
        req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
        req.on('error', (error) => {
          // The keep-alive race: the server closed an idle socket just as this request went out on it. Node's
          // documentation (request.reusedSocket) advises one retry on a new socket; browsers do the same.
          if (!retried && req.reusedSocket && ['ECONNRESET', 'EPIPE'].includes(/** @type {NodeJS.ErrnoException} */ (error).code)) {
            stats.keepAliveRetries += 1;
            resolve(attempt(true));
            return;
          }
          resolve({ status: 0, headers: {}, text: '', json: undefined, ms: performance.now() - started, error });
        });
        req.end(payload);
      });
    return attempt(false);
  }

  /** Like `call`, but any status other than 2xx throws (setup steps, where a failure means the run cannot go on). */
  async function ok(method, path, options) {
    const res = await call(method, path, options);
    if (res.status < 200 || res.status >= 300) {
      throw new Error(
        `${method} ${path}${options?.world ? ` [world ${options.world}]` : ''} answered ${res.status || res.error?.message}: ${res.text.slice(0, 300)}`,
      );
    }
    return res;
  }

  return { call, ok, stats, close: () => agent.destroy() };
}
