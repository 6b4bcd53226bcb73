// Diff mode (`pnpm mock --proxy URL --diff`): each forwarded request is also answered by our own handler in a
// shadow world, and the two answers compared by meaning, not by bytes: the status or the error code; a
// list's ids (which are missing or extra) and their order; a number (stock, price, amount, total) at the
// same place; a field present on one side only. Strings and booleans that are not ids or codes (times,
// texts, generated ids) are not compared: they differ between any two servers. No Node-only imports: the
// core that runs it is bundled for the browser too.

export type DiffKind = 'status' | 'error-code' | 'list-ids' | 'list-order' | 'number' | 'only-upstream' | 'only-mock';

export interface DiffFinding {
  kind: DiffKind;
  /** JSON path of the place ('' for the whole answer): `data.product[_id=665f...].option[title=핑크].price`. */
  path: string;
  upstream?: unknown;
  mock?: unknown;
}

export interface ComparedAnswer {
  status: number;
  /** The parsed JSON body (or the text, or undefined). */
  body: unknown;
}

/** Keys that identify an element of a list, in the order they are tried. */
const ID_KEYS = ['_id', 'uid', 'productUID', 'marketUID', 'publicId', 'title'] as const;
/** At most this many findings per answer (a whole list of a different world would be thousands). */
const MAX_FINDINGS = 50;

/** The error code of an error body, in the catalogue's envelope (`data` a code, or `data.code`). */
function errorCode(body: unknown): string | null {
  const data = (body as { data?: unknown } | null)?.data;
  if (typeof data === 'string') return data;
  if (typeof data === 'object' && data !== null && typeof (data as { code?: unknown }).code === 'string')
    return (data as { code: string }).code;
  return null;
}

export function diffAnswers(upstream: ComparedAnswer, mock: ComparedAnswer): DiffFinding[] {
  const findings: DiffFinding[] = [];
  if (upstream.status !== mock.status) findings.push({ kind: 'status', path: '', upstream: upstream.status, mock: mock.status });
  const upError = upstream.status >= 400;
  const mockError = mock.status >= 400;
  if (upError || mockError) {
    const up = upError ? errorCode(upstream.body) : null;
    const own = mockError ? errorCode(mock.body) : null;
    if (up !== own) findings.push({ kind: 'error-code', path: 'data', upstream: up, mock: own });
    return findings;
  }
  compare(upstream.body, mock.body, '', findings);
  return findings.slice(0, MAX_FINDINGS);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

function idKeyOf(a: unknown[], b: unknown[]): (typeof ID_KEYS)[number] | null {
  const all = [...a, ...b];
  if (all.length === 0 || !all.every(isObject)) return null;
  for (const key of ID_KEYS) {
    const values = all.map((item) => item[key]);
    if (values.every((v) => typeof v === 'string' || typeof v === 'number')) {
      // Ids must be unique on each side to match elements by them.
      if (
        new Set(a.map((i) => (i as Record<string, unknown>)[key])).size === a.length &&
        new Set(b.map((i) => (i as Record<string, unknown>)[key])).size === b.length
      )
        return key;
    }
  }
  return null;
}

function compare(up: unknown, own: unknown, path: string, findings: DiffFinding[]): void {
  if (findings.length >= MAX_FINDINGS) return;
  if (typeof up === 'number' && typeof own === 'number') {
    if (up !== own) findings.push({ kind: 'number', path, upstream: up, mock: own });
    return;
  }
  if (Array.isArray(up) && Array.isArray(own)) return compareLists(up, own, path, findings);
  if (isObject(up) && isObject(own)) {
    for (const key of Object.keys(up)) {
      if (!(key in own)) findings.push({ kind: 'only-upstream', path: join(path, key), upstream: up[key] });
      else compare(up[key], own[key], join(path, key), findings);
    }
    for (const key of Object.keys(own)) if (!(key in up)) findings.push({ kind: 'only-mock', path: join(path, key), mock: own[key] });
  }
}

function compareLists(up: unknown[], own: unknown[], path: string, findings: DiffFinding[]): void {
  const key = idKeyOf(up, own);
  if (key) {
    const upIds = up.map((item) => (item as Record<string, unknown>)[key] as string | number);
    const ownIds = own.map((item) => (item as Record<string, unknown>)[key] as string | number);
    const ownSet = new Set(ownIds);
    const upSet = new Set(upIds);
    const missing = ownIds.filter((id) => !upSet.has(id));
    const extra = upIds.filter((id) => !ownSet.has(id));
    if (missing.length || extra.length) findings.push({ kind: 'list-ids', path, upstream: extra, mock: missing });
    const common = upIds.filter((id) => ownSet.has(id));
    const commonOwn = ownIds.filter((id) => upSet.has(id));
    if (common.some((id, i) => id !== commonOwn[i])) findings.push({ kind: 'list-order', path, upstream: common, mock: commonOwn });
    const ownById = new Map(own.map((item) => [(item as Record<string, unknown>)[key], item]));
    for (const item of up) {
      const id = (item as Record<string, unknown>)[key] as string | number;
      if (ownById.has(id)) compare(item, ownById.get(id), `${path}[${key}=${id}]`, findings);
    }
    return;
  }
  // Lists of plain values: the same values in the same order, or a difference of the list as a whole.
  if (up.length && [...up, ...own].every((v) => typeof v !== 'object' || v === null)) {
    if (JSON.stringify(up) !== JSON.stringify(own)) {
      const sameSet = up.length === own.length && JSON.stringify([...up].sort()) === JSON.stringify([...own].sort());
      findings.push({ kind: sameSet ? 'list-order' : 'list-ids', path, upstream: up, mock: own });
    }
    return;
  }
  if (up.length !== own.length) findings.push({ kind: 'list-ids', path, upstream: up.length, mock: own.length });
  for (let i = 0; i < Math.min(up.length, own.length); i++) compare(up[i], own[i], `${path}[${i}]`, findings);
}

export interface DiffSummary {
  operationId: string;
  /** Requests compared. */
  compared: number;
  /** Of them, with at least one difference. */
  differing: number;
  /** Findings by kind, over every request. */
  kinds: Partial<Record<DiffKind, number>>;
  /** Places that differed, with how often (the most frequent first, at most 20). */
  paths: { kind: DiffKind; path: string; count: number }[];
  /** The latest request's findings that had any. */
  latest: DiffFinding[];
}

/** Every compared request's findings, summed up per operation for `GET /__mock/diff`. */
export class DiffLog {
  private readonly byOperation = new Map<
    string,
    { compared: number; differing: number; kinds: Partial<Record<DiffKind, number>>; paths: Map<string, number>; latest: DiffFinding[] }
  >();

  add(operationId: string, findings: readonly DiffFinding[]): void {
    let entry = this.byOperation.get(operationId);
    if (!entry) this.byOperation.set(operationId, (entry = { compared: 0, differing: 0, kinds: {}, paths: new Map(), latest: [] }));
    entry.compared += 1;
    if (findings.length === 0) return;
    entry.differing += 1;
    entry.latest = [...findings];
    for (const finding of findings) {
      entry.kinds[finding.kind] = (entry.kinds[finding.kind] ?? 0) + 1;
      // Ids inside a path name one element; the summary counts the place: `option[title=*]`.
      const place = `${finding.kind} ${finding.path.replace(/\[(\w+)=[^\]]*\]/g, '[$1=*]').replace(/\[\d+\]/g, '[*]')}`;
      entry.paths.set(place, (entry.paths.get(place) ?? 0) + 1);
      if (entry.paths.size > 200) entry.paths.delete(entry.paths.keys().next().value!);
    }
  }

  summary(): { operations: DiffSummary[]; compared: number; differing: number } {
    const operations = [...this.byOperation.entries()].map(([operationId, entry]) => ({
      operationId,
      compared: entry.compared,
      differing: entry.differing,
      kinds: entry.kinds,
      paths: [...entry.paths.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 20)
        .map(([place, count]) => {
          const space = place.indexOf(' ');
          return { kind: place.slice(0, space) as DiffKind, path: place.slice(space + 1), count };
        }),
      latest: entry.latest,
    }));
    return {
      operations,
      compared: operations.reduce((sum, o) => sum + o.compared, 0),
      differing: operations.reduce((sum, o) => sum + o.differing, 0),
    };
  }

  clear(): void {
    this.byOperation.clear();
  }
}
