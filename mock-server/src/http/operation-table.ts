// Finds the operation a request is for in one lookup: a Map for paths without parameters, and for the
// others a short list of the templates with the same method and number of segments. Express's router
// instead tries every registered route in turn (a regular expression each, 67 of them for the last one),
// which was a tenth of the server's CPU on the read path (`node scripts/bench/profile.mjs --path read`).
// Matching follows Express's defaults: case-insensitive literal segments, one trailing slash ignored,
// parameters percent-decoded.

export interface OperationMatch<Op> {
  op: Op;
  params: Record<string, string>;
}

interface Template<Op> {
  op: Op;
  /** A literal segment in lower case, or the parameter's name as `{name}`. */
  segments: string[];
}

export class MalformedPathError extends Error {}

export class OperationTable<Op extends { method: string; path: string }> {
  private readonly literal = new Map<string, Op>();
  private readonly templated = new Map<string, Template<Op>[]>();

  constructor(operations: readonly Op[]) {
    for (const op of operations) {
      const segments = op.path.split('/').slice(1);
      if (!segments.some(isParameter)) {
        this.literal.set(`${op.method.toUpperCase()} ${op.path.toLowerCase()}`, op);
        continue;
      }
      const key = `${op.method.toUpperCase()} ${segments.length}`;
      const list = this.templated.get(key) ?? [];
      list.push({ op, segments: segments.map((s) => (isParameter(s) ? s : s.toLowerCase())) });
      this.templated.set(key, list);
    }
  }

  /**
   * The operation for `method` (HEAD finds GET's) at `pathname` (no query string), or null. Throws
   * MalformedPathError when a parameter is not valid percent-encoding.
   */
  match(method: string, pathname: string): OperationMatch<Op> | null {
    const verb = method === 'HEAD' ? 'GET' : method;
    const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    const op = this.literal.get(`${verb} ${path.toLowerCase()}`);
    if (op) return { op, params: {} };

    const raw = path.split('/').slice(1);
    const candidates = this.templated.get(`${verb} ${raw.length}`);
    if (!candidates) return null;
    for (const template of candidates) {
      if (!template.segments.every((want, i) => (isParameter(want) ? raw[i] !== '' : want === raw[i]!.toLowerCase()))) continue;
      // Decoded only once the template matched, so a path of no operation never fails here.
      const params: Record<string, string> = {};
      template.segments.forEach((want, i) => {
        if (isParameter(want)) params[want.slice(1, -1)] = decode(raw[i]!);
      });
      return { op: template.op, params };
    }
    return null;
  }
}

function isParameter(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

function decode(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new MalformedPathError(`malformed path parameter ${segment}`);
  }
}
