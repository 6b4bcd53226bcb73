// HAR import (`pnpm mock --har FILE.har`, or `--replay FILE.har`): a browser's recording of a session
// against the real backend (Chrome DevTools' "Export HAR", Playwright's recordHar) read as the proxy would
// have seen it: each entry matched to an operation of the contract by method and path (under --har-base-path,
// when the backend's API is not at its origin's root), its answer checked against the contract, and the
// conforming ones turned into records (./recording). Entries of other origins (the app's assets and pages,
// the ad service, any other host) and preflights are skipped. Chrome's export leaves out the Authorization
// headers: whose carts and receipts they are comes from the session's profile answers (./recording).
import { readFileSync } from 'node:fs';
import { findOperation, productDocument } from '@creator-market/openapi';
import { responseViolations, type Violation } from '@creator-market/openapi/contract';
import { Recording, type ObservedAnswer } from './recording';

interface HarHeader {
  name: string;
  value: string;
}
interface HarEntry {
  request: { method: string; url: string; headers?: HarHeader[]; postData?: { mimeType?: string; text?: string } };
  response: { status: number; headers?: HarHeader[]; content?: { mimeType?: string; text?: string; encoding?: string } };
}

export interface HarImport {
  entries: number;
  /** The origin the API was found at: the one most of the entries that are operations of the contract went to. */
  origin: string | null;
  /** Entries that are operations of the product API at that origin (and under the base path). */
  matched: number;
  /** Entries that would be operations of the product API but went to another origin: skipped. */
  otherOrigins: number;
  imported: number;
  violations: number;
}

const header = (headers: HarHeader[] | undefined, name: string) => headers?.find((h) => h.name.toLowerCase() === name)?.value;

function parse(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The answer an entry holds, matched to its operation; null when it is no operation of the contract. */
function observed(entry: HarEntry, basePath: string): { origin: string; answer: ObservedAnswer; violations: Violation[] } | null {
  // A request that got no answer (blocked, cancelled: Chrome's status 0) tells nothing of the backend.
  if (!entry.response?.status) return null;
  let url: URL;
  try {
    url = new URL(entry.request.url);
  } catch {
    return null;
  }
  if (basePath && url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) return null;
  const path = url.pathname.slice(basePath.length) || '/';
  const found = findOperation(productDocument, { method: entry.request.method, path });
  if (!found) return null;
  const content = entry.response.content;
  const text = content?.encoding === 'base64' && content.text ? Buffer.from(content.text, 'base64').toString('utf8') : content?.text;
  const contentType = header(entry.response.headers, 'content-type') ?? content?.mimeType;
  const body = /[/+]json\b/.test(contentType ?? '') ? parse(text) : text;
  const headers: Record<string, string> = {};
  for (const h of entry.response.headers ?? []) headers[h.name.toLowerCase()] = h.value;
  if (contentType && !headers['content-type']) headers['content-type'] = contentType;
  return {
    origin: url.origin,
    violations: responseViolations({ operationId: found.info.operationId }, entry.response.status, headers, body, productDocument),
    answer: {
      op: found.info,
      method: entry.request.method.toUpperCase(),
      path,
      query: Object.fromEntries(url.searchParams),
      authorization: header(entry.request.headers, 'authorization'),
      requestBody: parse(entry.request.postData?.text),
      status: entry.response.status,
      body,
    },
  };
}

/**
 * Reads a HAR into `recording`. `basePath` is the backend's path prefix when its API is not at the origin's
 * root ('/api'): only entries under it are read. The API's origin is the one most of the entries that are
 * operations of the contract went to; entries of other origins (the app's pages, a CDN, another backend the
 * page called) are skipped and counted.
 */
export function importHar(file: string, recording: Recording, basePath = ''): HarImport {
  let har: { log?: { entries?: HarEntry[] } };
  try {
    har = JSON.parse(readFileSync(file, 'utf8')) as typeof har;
  } catch (err) {
    throw new Error(`${file} is not a HAR file: ${(err as Error).message}`);
  }
  const entries = har.log?.entries;
  if (!Array.isArray(entries)) throw new Error(`${file} is not a HAR file: it has no log.entries`);
  const base = basePath.replace(/\/+$/, '');
  const all = entries.flatMap((entry) => observed(entry, base) ?? []);
  const perOrigin = new Map<string, number>();
  for (const { origin } of all) perOrigin.set(origin, (perOrigin.get(origin) ?? 0) + 1);
  const origin = [...perOrigin.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const answers = all.filter((a) => a.origin === origin);
  // Who the session is, first: each profile answer's token is known from the start (a cart seen before the
  // session's getMe still has its owner), and the entries before any profile answer belong to the first one.
  // Then, in order, each profile answer makes its uid the caller of the entries after it that name none.
  let first = true;
  for (const { answer, violations } of answers) if (violations.length === 0 && recording.learnCaller(answer, first)) first = false;
  let imported = 0;
  let violating = 0;
  for (const { answer, violations } of answers) {
    if (violations.length > 0) {
      violating += 1;
      recording.violation(answer, violations);
      continue;
    }
    recording.observe(answer);
    imported += 1;
  }
  return {
    entries: entries.length,
    origin,
    matched: answers.length,
    otherOrigins: all.length - answers.length,
    imported,
    violations: violating,
  };
}
