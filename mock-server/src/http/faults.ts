// The transport faults QA can force (X-Mock-Scenario or a sticky rule): answers that are not a usable HTTP
// response. Each door expresses them as its transport can (../doors).
/** Transport faults: what the client sees is no usable HTTP answer (status 0, `network-error`). */
export const FAULTS = {
  'network-error': 'The connection is closed without any response.',
  'connection-reset': 'The connection is reset (TCP RST) without any response.',
  'empty-response': 'A 200 with an empty body.',
  'malformed-chunk': 'A chunked 200 whose JSON is cut off by a malformed chunk, then the connection closes.',
  'random-data-then-close': 'Random bytes instead of an HTTP response, then the connection closes.',
} as const;
export type FaultName = keyof typeof FAULTS;
