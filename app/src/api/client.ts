// The one product API client of the app (the ad client is adClient.ts). Screens call the API only through
// `api` (sdk client: bearer token, error normalisation into ApiError, server clock). Its neighbours by meaning:
// the app's clock (clock.ts), the token it sends (token.ts), the mock world's headers (mockWorlds.ts) and the
// answers index.html's early script already asked for (earlyAnswers.ts).
import { createApiClient } from '@creator-market/sdk/client';

/** The sdk's test for the errors `api` throws, for code that loads this module lazily (stores/session.ts). */
export { isApiError } from '@creator-market/sdk/client';
import { API_BASE } from '../config/hosts';
import { serverClock } from './clock';
import { takeEarlyAnswer } from './earlyAnswers';
import { withMockHeaders } from './mockWorlds';
import { currentToken } from './token';

/**
 * Answers from calls made ahead of their screen (api/prefetch.ts, loaded with the taps' first-data table,
 * installs it): a request it holds the answer of is not asked for again. Undefined until then.
 */
let answerAhead: ((request: Request) => Promise<Response> | undefined) | undefined;

export function setAnswerAhead(answer: (request: Request) => Promise<Response> | undefined): void {
  answerAhead = answer;
}

export const api = createApiClient({
  baseUrl: API_BASE,
  getToken: currentToken,
  clock: serverClock,
  fetch: (request) => {
    withMockHeaders(request);
    return answerAhead?.(request) ?? takeEarlyAnswer(request) ?? fetch(request);
  },
});
