// The server's clock as the app sees it. The mock server stamps every response with `X-Mock-Now` (its own,
// possibly moved, clock); observing it keeps the app's countdowns and market timing in step with the server.

export const MOCK_NOW_HEADER = 'X-Mock-Now';

export interface ServerClock {
  /** The server's current time in epoch ms: Date.now() plus the last observed offset. */
  now(): number;
  /** Reads `X-Mock-Now` (ISO 8601 or epoch ms) from response headers and adopts its offset; ignores absent or unreadable values. */
  observe(headers: { get(name: string): string | null }): void;
  /** Server time minus local time, in ms (0 until a header is observed). */
  readonly offsetMs: number;
}

export function createServerClock(): ServerClock {
  let offsetMs = 0;
  return {
    now: () => Date.now() + offsetMs,
    observe(headers) {
      const serverNow = parseServerTime(headers.get(MOCK_NOW_HEADER));
      if (serverNow !== undefined) offsetMs = serverNow - Date.now();
    },
    get offsetMs() {
      return offsetMs;
    },
  };
}

function parseServerTime(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const text = value.trim();
  const ms = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
  return Number.isFinite(ms) ? ms : undefined;
}
