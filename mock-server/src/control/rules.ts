// Sticky rules (POST /__mock/scenarios), matched as WireMock matches its stubs: by operationId, method and
// path, query parameters, headers and body fields (a JSON pointer that equals a value or contains one). A
// rule forces a scenario, waits (a fixed delay or a latency drawn from a distribution), or both, and may apply
// only with a probability. Every draw comes from the rule's own random stream, seeded by its world's seed, the
// world's name and the rule's place among the world's rules: the same rules and the same requests in a world
// of the same name draw the same numbers, so a flaky-network run replays exactly.

/** A request field the body matcher reads: a JSON pointer and what the value there must be. */
export interface BodyMatcher {
  /** RFC 6901: `/productList/0/amount`; '' for the whole body. */
  pointer: string;
  /** The value there equals this (deep equality). */
  equals?: unknown;
  /** The value there is a string containing this, or an array with an element equal to this. */
  contains?: unknown;
}

export type LatencyDistribution =
  | { distribution: 'fixed'; ms: number }
  | { distribution: 'uniform'; min: number; max: number }
  | { distribution: 'lognormal'; median: number; sigma: number };

export interface StickyRuleInput {
  /** The scenario forced (`GET /__mock/scenarios`); absent, the rule only waits (`latency` or `delayMs`). */
  name?: string;
  /** Only requests of this operation (the product API's or the ad service's). */
  operationId?: string;
  /** Only requests of this method (any when absent). */
  method?: string;
  /** Only requests whose path matches: `{param}` segments match any one segment, and the pattern matches its sub-paths. */
  path?: string;
  /** Only requests whose query has each of these parameters with this value. */
  query?: Record<string, string>;
  /** Only requests with each of these headers (any case) with this value. */
  headers?: Record<string, string>;
  /** Only requests whose JSON body matches every one of these. */
  body?: BodyMatcher[];
  /** The rule applies this many times, then disappears (forever when absent). */
  times?: number;
  /** Waits this long before answering (on top of the latency). */
  delayMs?: number;
  /** Waits a time drawn from this distribution before answering (on top of the latency and `delayMs`). */
  latency?: LatencyDistribution;
  /** Applies to a matching request with this probability (0 to 1), drawn from the rule's seeded stream. */
  probability?: number;
}

export interface StickyRule extends StickyRuleInput {
  id: string;
  createdAt: string;
}

/** What a rule is matched against. */
export interface RuleRequest {
  operationId: string;
  method: string;
  path: string;
  /** The parsed query (parsed only for a rule that matches queries). */
  query: () => Record<string, unknown>;
  header: (name: string) => string | undefined;
  /** The parsed JSON body; undefined when there is none or it is not JSON. */
  body: unknown;
}

/** The longest wait a rule's latency draws (two minutes, as `slow:MS`). */
export const MAX_RULE_DELAY_MS = 120_000;

export function ruleMatches(rule: StickyRuleInput, request: RuleRequest): boolean {
  if (rule.operationId !== undefined && rule.operationId !== request.operationId) return false;
  if (rule.method !== undefined && rule.method.toUpperCase() !== request.method.toUpperCase()) return false;
  if (rule.path !== undefined && !pathMatches(rule.path, request.path)) return false;
  const query = rule.query === undefined ? {} : request.query();
  for (const [name, value] of Object.entries(rule.query ?? {})) {
    const got = query[name];
    if ((Array.isArray(got) ? got[0] : got) !== value) return false;
  }
  for (const [name, value] of Object.entries(rule.headers ?? {})) {
    if (request.header(name.toLowerCase()) !== value) return false;
  }
  return (rule.body ?? []).every((matcher) => bodyMatches(matcher, request.body));
}

/** Whether some rule of these reads the body (the gate reads it only then). */
export const readsBody = (rules: readonly StickyRuleInput[]): boolean =>
  rules.some((rule) => rule.body !== undefined && rule.body.length > 0);

/** `{param}` segments match any one segment; a pattern matches the paths below it too (`/cart` matches `/cart/update`). */
export function pathMatches(pattern: string, path: string): boolean {
  const wanted = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (got.length < wanted.length) return false;
  return wanted.every((segment, i) => /^\{[^/{}]+\}$/.test(segment) || segment === got[i]);
}

function bodyMatches(matcher: BodyMatcher, body: unknown): boolean {
  const found = atPointer(body, matcher.pointer);
  if (!found.present) return false;
  if ('equals' in matcher && !deepEqual(found.value, matcher.equals)) return false;
  if ('contains' in matcher) {
    const { contains } = matcher;
    if (typeof found.value === 'string') return typeof contains === 'string' && found.value.includes(contains);
    if (Array.isArray(found.value)) return found.value.some((item) => deepEqual(item, contains));
    return false;
  }
  return true;
}

/** The value at an RFC 6901 pointer. */
export function atPointer(value: unknown, pointer: string): { present: boolean; value?: unknown } {
  if (pointer === '') return { present: value !== undefined, value };
  if (!pointer.startsWith('/')) return { present: false };
  let current = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current) && /^(0|[1-9][0-9]*)$/.test(key) && Number(key) < current.length) current = current[Number(key)];
    else if (typeof current === 'object' && current !== null && !Array.isArray(current) && Object.hasOwn(current, key))
      current = (current as Record<string, unknown>)[key];
    else return { present: false };
  }
  return { present: true, value: current };
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => Object.hasOwn(b, key) && deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

// ---------------------------------------------------------------- the seeded stream

/** A rule's random stream (mulberry32): numbers in [0, 1), the same sequence for the same seed. */
export class RuleRandom {
  private state: number;

  constructor(seed: string) {
    // FNV-1a over the seed text: a 32-bit starting state.
    let hash = 0x811c9dc5;
    for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 0x01000193);
    this.state = hash >>> 0;
  }

  /** Where the stream is: a stream made with `at` goes on from there. */
  get position(): number {
    return this.state;
  }

  static at(position: number): RuleRandom {
    const random = new RuleRandom('');
    random.state = position >>> 0;
    return random;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}

/** A wait drawn from the distribution, in whole ms within 0 and MAX_RULE_DELAY_MS. */
export function drawLatency(latency: LatencyDistribution, random: RuleRandom): number {
  let ms: number;
  switch (latency.distribution) {
    case 'fixed':
      ms = latency.ms;
      break;
    case 'uniform':
      ms = latency.min + random.next() * (latency.max - latency.min);
      break;
    case 'lognormal': {
      // Box-Muller: a standard normal from two uniforms (1 - u keeps the logarithm finite).
      const normal = Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
      ms = latency.median * Math.exp(latency.sigma * normal);
      break;
    }
  }
  return Math.min(MAX_RULE_DELAY_MS, Math.max(0, Math.round(ms)));
}
