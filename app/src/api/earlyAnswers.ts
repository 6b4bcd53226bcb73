// The answers index.html's early script asked for (earlyRequests.ts), waiting in a window property by address
// until the first call for that address takes them.
import { EARLY_REQUESTS_GLOBAL } from './earlyRequests';
import { MOCK_WORLD_HEADER } from './mockWorlds';

/**
 * The answer the early script already asked for at this call's address, taken by the first call for it. The
 * early request carried no token and no world header, so only a GET without them can use it; a failed one is
 * asked again.
 */
export function takeEarlyAnswer(request: Request): Promise<Response> | undefined {
  const early = (window as unknown as Partial<Record<string, Record<string, Promise<Response>>>>)[EARLY_REQUESTS_GLOBAL];
  const answer = early?.[request.url];
  if (!early || !answer) return undefined;
  delete early[request.url];
  if (request.method !== 'GET' || request.headers.has('Authorization') || request.headers.has(MOCK_WORLD_HEADER)) return undefined;
  return answer.catch(() => fetch(request));
}
