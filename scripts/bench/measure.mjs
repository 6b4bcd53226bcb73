// One bounded autocannon measurement: a short warm-up, then a timed run. Latency percentiles come from every
// response's own time in ms (autocannon's histogram keeps whole milliseconds, too coarse for sub-ms servers).
import autocannon from 'autocannon';
import { cpuTimeMs } from './processes.mjs';

/** The q-quantile (0..1) of sorted values, nearest rank. */
export function quantile(sorted, q) {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

function run(options, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (/** @type {Error | null} */ error, result) => (error ? reject(error) : resolve(result)));
    if (onResponse) instance.on('response', onResponse);
  });
}

/**
 * @param {object} spec
 * @param {string} spec.url base URL of the server
 * @param {object[]} [spec.requests] autocannon request list (same for every connection)
 * @param {(index: number) => object[]} [spec.requestsFor] a request list per connection (its own buyer, cart...)
 * @param {number} spec.seconds measured duration
 * @param {number} spec.warmupSeconds
 * @param {number} [spec.warmupRequests] the warm-up goes on, a second at a time, until the server has answered
 *   this many requests (or for 4x warmupSeconds in all): a server is measured once its code is optimized, not
 *   while a loaded machine has let it answer too few requests for that (docs/decisions/bench-gates.md)
 * @param {number} [spec.connections]
 * @param {number} [spec.pid] the server's process: its CPU time per request is measured too (a figure that
 *   other load on the machine disturbs far less than req/s)
 */
export async function measure({ url, requests, requestsFor, seconds, warmupSeconds, warmupRequests = 0, connections = 32, pid }) {
  const options = (duration) => {
    let nextConnection = 0;
    return {
      url,
      connections,
      duration,
      pipelining: 1,
      timeout: 10,
      requests: requests ?? [{ method: 'GET' }],
      // Each connection gets its own requests (and so its own cart) when the spec asks for it.
      setupClient: requestsFor ? (client) => client.setRequests(requestsFor(nextConnection++)) : undefined,
    };
  };

  let warmedUp = 0;
  if (warmupSeconds > 0) {
    const started = performance.now();
    warmedUp += (await run(options(warmupSeconds))).requests.total;
    while (warmedUp < warmupRequests && performance.now() - started < 4 * warmupSeconds * 1000)
      warmedUp += (await run(options(1))).requests.total;
  }

  const cpuBefore = pid ? cpuTimeMs(pid) : null;
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let bytes = 0;
  const result = await run(options(seconds), (_client, statusCode, resBytes, responseTime) => {
    if (count === latencies.length) {
      const bigger = new Float64Array(latencies.length * 2);
      bigger.set(latencies);
      latencies = bigger;
    }
    latencies[count++] = responseTime;
    bytes += resBytes;
  });
  const cpuAfter = pid ? cpuTimeMs(pid) : null;
  const sorted = latencies.subarray(0, count).sort();
  const statusCounts = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count: n }]) => [code, n]));
  const round = (value, digits = 2) => (value === null ? null : Number(value.toFixed(digits)));
  return {
    connections,
    warmupRequests: warmedUp,
    seconds: result.duration,
    requests: count,
    rps: Math.round(count / result.duration),
    p50: round(quantile(sorted, 0.5)),
    p90: round(quantile(sorted, 0.9)),
    p99: round(quantile(sorted, 0.99)),
    max: round(sorted[count - 1] ?? null),
    bytesPerResponse: count ? Math.round(bytes / count) : 0,
    serverCpuUsPerRequest: cpuBefore !== null && cpuAfter !== null && count ? round(((cpuAfter - cpuBefore) * 1000) / count, 1) : null,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCounts,
  };
}
