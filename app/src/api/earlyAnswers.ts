// The answers index.html's early script asked for (earlyRequests.ts), waiting in a window property by address
// until the first call for that address takes them: the API client's (takeEarlyAnswer), or the home's first
// lists, read before the client has loaded (firstScreenAnswer).
import { API_BASE } from '../config/hosts';
import { serverClock } from './clock';
import { EARLY_REQUESTS_GLOBAL } from './earlyRequests';
import { MOCK_WORLD_HEADER, pinnedMockWorld } from './mockWorlds';
import { currentToken } from './token';

type EarlyAnswers = Record<string, Promise<Response>>;

const earlyAnswers = (): EarlyAnswers | undefined => (window as unknown as Partial<Record<string, EarlyAnswers>>)[EARLY_REQUESTS_GLOBAL];

/**
 * How long a first screen's call waits for its early answer without the API client. A later answer is handed
 * to the client, which takes it and starts its own timeout then: a hanging answer fails as the client's
 * timeout, this much later than when the client took every early answer at once (not a second timeout's
 * worth later). A second: about when the home shows its first view anyway and the client loads for the rest.
 */
export const EARLY_ANSWER_HANDOVER_MS = 1000;

/**
 * The answer the early script already asked for at this call's address, taken by the first call for it. The
 * early request carried no token and no world header, so only a GET without them can use it; a failed one is
 * asked again.
 */
export function takeEarlyAnswer(request: Request): Promise<Response> | undefined {
  const early = earlyAnswers();
  const answer = early?.[request.url];
  if (!early || !answer) return undefined;
  delete early[request.url];
  if (request.method !== 'GET' || request.headers.has('Authorization') || request.headers.has(MOCK_WORLD_HEADER)) return undefined;
  return answer.catch(() => fetch(request));
}

/**
 * A first screen's call for `address` (one of the early script's, FIRST_SCREEN_REQUESTS), without waiting for
 * the API client (a chunk of its own, loadClient.ts): the early answer's payload when it is a plain success
 * as the client reads one (a 2xx JSON body in the `{data}` envelope; the server's clock observed), within the
 * client's timeout. Everything else is `call`'s, the same call made with the client: no early answer, a call
 * that is not bare (a token, a pinned world: the client drops the answer and asks itself), and an answer that
 * failed, is not a plain success or has not come within EARLY_ANSWER_HANDOVER_MS. The client then takes that
 * same answer, and reads it, its error, or asks again, as it does for any early answer (a late one within the
 * client's own timeout).
 */
export async function firstScreenAnswer<T>(address: string, call: () => Promise<T>): Promise<T> {
  const url = `${API_BASE}${address}`;
  const early = currentToken() === null && pinnedMockWorld() === null ? earlyAnswers() : undefined;
  const answer = early?.[url];
  if (early && answer) {
    delete early[url];
    const payload = await plainSuccess(answer);
    if (payload) return payload.data as T;
    early[url] = answer;
  }
  return call();
}

/** The `{data}` envelope of a 2xx JSON answer that comes within EARLY_ANSWER_HANDOVER_MS, else null (left unread). */
async function plainSuccess(answer: Promise<Response>): Promise<{ data: unknown } | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(resolve, EARLY_ANSWER_HANDOVER_MS, null);
  });
  try {
    const response = await Promise.race([answer.catch(() => null), late]);
    if (!response?.ok) return null;
    const body: unknown = await Promise.race([
      response
        .clone()
        .json()
        .catch(() => null),
      late,
    ]);
    if (typeof body !== 'object' || body === null || !('data' in body)) return null;
    serverClock.observe(response.headers);
    return body;
  } finally {
    clearTimeout(timer);
  }
}
