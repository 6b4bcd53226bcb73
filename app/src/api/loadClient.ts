// The API client (client.ts, with the sdk's openapi-fetch client, transport and error types, about 5 KB of
// gzip) as a chunk of its own. What runs before the home's first view imports it through this, not
// statically: the session (only with a token stored) and the home (its first lists come from index.html's
// early answers, earlyAnswers.ts; the lists below the fold are asked for after the first view). The other
// screens import client.ts statically: their chunks bring it, and the taps' preloads after the first view
// (shell/preload.ts) fetch it with them. docs/decisions/home-js-start-chunk.md, 2026-12-04.
import { importOnce } from '../lib/importOnce';

/** The API client's module, loaded once (asked for again after a failed load). */
export const loadApiClient = importOnce(() => import('./client'));
