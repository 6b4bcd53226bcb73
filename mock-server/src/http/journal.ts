// The request journal (WireMock's is the model): what the server received on its API, per world, so a test
// can ask what the app really sent ("exactly one POST /receipt/insert") and a developer can see it in the
// Lab. Bounded: a ring of the latest `capacity` requests per world (--journal N; 0 keeps none). Tokens and
// phone codes never enter it. Read through GET/POST/DELETE /__mock/requests.
import { errorCodeOfBody } from '@creator-market/sdk/control';
import type { DiffFinding } from '../recording/diff';
import { parseSearch } from './exchange';
import type { World } from '../world/world';

export interface JournalEntry {
  /** When the request arrived (ISO, the world's clock). */
  time: string;
  world: string;
  /** The contract's operation, or null for a path no operation or route has (`unmatched`). */
  operationId: string | null;
  /** Whether a route answered the path; false for an unknown path (then a 404). */
  matched: boolean;
  method: string;
  path: string;
  query: Record<string, unknown>;
  /** The body as parsed (JSON, or a form's fields), secrets redacted; undefined when none was read. */
  body?: unknown;
  status: number;
  /** The error answer's catalogue code (`data`, `data.code`, or the ad service's `code`); null for a success. */
  errorCode: string | null;
  /** The app's screen when it sent the request (its X-Mock-Screen header, sent in mock builds only), or null. */
  screen: string | null;
  durationMs: number;
  /** Answered by our handlers ('mocked') or forwarded to another server ('proxied'). */
  source: 'mocked' | 'proxied';
  /** Where the answer broke the contract (proxied answers are checked); empty when it conforms. */
  violations: string[];
  /** The scenario forced on it (header or sticky rule), or null. */
  scenario: string | null;
  /** The transport fault the client got instead of a response (status 0), or null. */
  fault: string | null;
  /** When it arrived by the wall clock (ISO); `time` is the world's clock. */
  receivedAt: string;
  /**
   * Diff mode (`--proxy URL --diff`): how a proxied answer differs by meaning from our own handler's in the
   * shadow world (empty: none); null when not compared.
   */
  diff: DiffFinding[] | null;
}

/**
 * What the hot path records: raw values only (a request costs the read path a few µs of CPU); the entry's
 * time, query and redacted body are shaped when the journal is read.
 */
export interface JournalRecord {
  timeMs: number;
  /** Date.now() when it arrived. */
  realMs: number;
  world: string;
  operationId: string | null;
  matched: boolean;
  method: string;
  path: string;
  /** The query string as sent ('' when none). */
  search: string;
  /** The body as parsed; undefined when none was read. */
  body: unknown;
  status: number;
  errorCode: string | null;
  screen: string | null;
  durationMs: number;
  source: 'mocked' | 'proxied';
  violations: string[];
  scenario: string | null;
  fault: string | null;
  diff: DiffFinding[] | null;
}

/** The longest X-Mock-Screen value kept (a route name is a few characters). */
const MAX_SCREEN_LENGTH = 64;

/** The request's X-Mock-Screen header as the journal keeps it: trimmed and bounded, null when absent or empty. */
export function screenOf(header: string | undefined): string | null {
  const screen = header?.trim().slice(0, MAX_SCREEN_LENGTH);
  return screen ? screen : null;
}

/** The catalogue code of an error answer's JSON body (sdk's errorCodeOfBody); null for a success. Only error answers are parsed. */
export function errorCodeOf(status: number, body: string | Uint8Array | undefined): string | null {
  if (status < 400 || body === undefined) return null;
  try {
    return errorCodeOfBody(JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body)));
  } catch {
    return null;
  }
}

/** A record as the control plane answers it. */
function entryOf(record: JournalRecord): JournalEntry {
  const { timeMs, realMs, search, body, ...rest } = record;
  return {
    ...rest,
    time: new Date(timeMs).toISOString(),
    receivedAt: new Date(realMs).toISOString(),
    query: redact({ ...parseSearch(search) }) as Record<string, unknown>,
    ...(body === undefined ? {} : { body: redact(body) }),
  };
}

export interface JournalFilter {
  operationId?: string;
  method?: string;
  /** A path, or a prefix ending in '*'. */
  path?: string;
  status?: number;
  /** Only requests at or after this time (ISO) of the world's clock. */
  since?: string;
  /** Only requests at or after this wall-clock time (ISO), whatever the world's clock says. */
  sinceReal?: string;
  /** Only requests to paths no route has (true), or only matched ones (false). */
  unmatched?: boolean;
  /** Only requests with this scenario or fault forced. */
  scenario?: string;
  /** At most this many, the latest (default 100 for a listing). */
  limit?: number;
}

/** Body keys whose values are secrets: a token of any kind, the phone verification code. */
const SECRET_KEYS = new Set(['token', 'devicetoken', 'accesstoken', 'idtoken', 'authorization', 'password', 'code']);

/** A copy of `value` with every secret-named field's value replaced. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) out[key] = SECRET_KEYS.has(key.toLowerCase()) ? '[redacted]' : redact(field);
  return out;
}

/** The latest `capacity` records, oldest first. */
class Ring {
  private readonly entries: JournalRecord[] = [];
  private start = 0;

  constructor(private readonly capacity: number) {}

  add(entry: JournalRecord): void {
    if (this.entries.length < this.capacity) {
      this.entries.push(entry);
      return;
    }
    // A full ring writes the new values into its oldest record (every record has every field): no record
    // then lives long enough to be promoted out of V8's young generation. That cost the read path ~7% of its
    // CPU per request, ~4% since (pnpm bench's journal A/B).
    Object.assign(this.entries[this.start]!, entry);
    this.start = (this.start + 1) % this.capacity;
  }

  all(): JournalRecord[] {
    return [...this.entries.slice(this.start), ...this.entries.slice(0, this.start)];
  }

  clear(): number {
    const count = this.entries.length;
    this.entries.length = 0;
    this.start = 0;
    return count;
  }
}

function matches(entry: JournalRecord, filter: JournalFilter): boolean {
  if (filter.operationId !== undefined && entry.operationId !== filter.operationId) return false;
  if (filter.method !== undefined && entry.method !== filter.method.toUpperCase()) return false;
  if (filter.path !== undefined) {
    const wanted = filter.path;
    if (wanted.endsWith('*') ? !entry.path.startsWith(wanted.slice(0, -1)) : entry.path !== wanted) return false;
  }
  if (filter.status !== undefined && entry.status !== filter.status) return false;
  if (filter.since !== undefined && entry.timeMs < Date.parse(filter.since)) return false;
  if (filter.sinceReal !== undefined && entry.realMs < Date.parse(filter.sinceReal)) return false;
  if (filter.unmatched !== undefined && entry.matched === filter.unmatched) return false;
  if (filter.scenario !== undefined && entry.scenario !== filter.scenario) return false;
  return true;
}

export class RequestJournal {
  private readonly rings = new WeakMap<World, Ring>();
  /**
   * Told of every record as it is kept (a test runner collecting what its suite exercised, e.g. the app's
   * component tests): it must copy what it keeps, a full ring reuses its records.
   */
  listener: ((record: Readonly<JournalRecord>) => void) | null = null;

  /** `capacity` entries per world; 0 records nothing. */
  constructor(readonly capacity = 1000) {}

  get enabled(): boolean {
    return this.capacity > 0;
  }

  record(world: World, entry: JournalRecord): void {
    if (!this.enabled) return;
    let ring = this.rings.get(world);
    if (!ring) this.rings.set(world, (ring = new Ring(this.capacity)));
    ring.add(entry);
    this.listener?.(entry);
  }

  /** The world's entries that match, the latest `limit` (default 100), oldest first. */
  list(world: World, filter: JournalFilter = {}): JournalEntry[] {
    const found = (this.rings.get(world)?.all() ?? []).filter((entry) => matches(entry, filter));
    return found.slice(-(filter.limit ?? 100)).map(entryOf);
  }

  count(world: World, filter: JournalFilter = {}): number {
    return (this.rings.get(world)?.all() ?? []).filter((entry) => matches(entry, filter)).length;
  }

  /** Forgets the world's entries; how many there were. */
  clear(world: World): number {
    return this.rings.get(world)?.clear() ?? 0;
  }

  /** The world's records as kept, oldest first (copies): what `restore` takes back (the browser door keeps them across reloads). */
  records(world: World): JournalRecord[] {
    return (this.rings.get(world)?.all() ?? []).map((record) => ({ ...record }));
  }

  /** The world's journal replaced by `records` (oldest first; the latest `capacity` kept). */
  restore(world: World, records: readonly JournalRecord[]): void {
    if (!this.enabled) return;
    const ring = new Ring(this.capacity);
    // Records kept by an older page may lack the fields added since.
    for (const record of records.slice(-this.capacity))
      ring.add({ ...record, errorCode: record.errorCode ?? null, screen: record.screen ?? null });
    this.rings.set(world, ring);
  }
}
