// HAR import (`pnpm mock --har FILE.har`, or `--replay FILE.har`): a browser's recording of a session
// against the real backend (Chrome DevTools' "Export HAR", Playwright's recordHar) read as the proxy would
// have seen it: each entry matched to an operation of the contract by method and path, its answer checked
// against the contract, and the conforming ones turned into records (./recording). Entries of other
// origins' assets, pages and the ad service are skipped.
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
  /** Entries that are operations of the product API. */
  matched: number;
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

/**
 * Reads a HAR into `recording`. `basePath` is the backend's path prefix, if its API is not at the origin's
 * root ('/api').
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
  const answers: { answer: ObservedAnswer; violations: Violation[] }[] = [];
  for (const entry of entries) {
    let url: URL;
    try {
      url = new URL(entry.request.url);
    } catch {
      continue;
    }
    const path = basePath && url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
    const found = findOperation(productDocument, { method: entry.request.method, path });
    if (!found) continue;
    const content = entry.response.content;
    const text = content?.encoding === 'base64' && content.text ? Buffer.from(content.text, 'base64').toString('utf8') : content?.text;
    const contentType = header(entry.response.headers, 'content-type') ?? content?.mimeType;
    const body = /[/+]json\b/.test(contentType ?? '') ? parse(text) : text;
    const headers: Record<string, string> = {};
    for (const h of entry.response.headers ?? []) headers[h.name.toLowerCase()] = h.value;
    if (contentType && !headers['content-type']) headers['content-type'] = contentType;
    const violations = responseViolations({ operationId: found.info.operationId }, entry.response.status, headers, body, productDocument);
    answers.push({
      violations,
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
    });
  }
  // Who the session is, first: a cart seen before the session's getMe still has its owner.
  for (const { answer, violations } of answers) if (violations.length === 0) recording.learnCaller(answer);
  let imported = 0;
  let violating = 0;
  for (const { answer, violations } of answers) {
    if (violations.length > 0) {
      violating += 1;
      recording.violation(
        answer,
        violations.map((v) => `${v.where || '(body)'}: ${v.message}`),
      );
      continue;
    }
    recording.observe(answer);
    imported += 1;
  }
  return { entries: entries.length, matched: answers.length, imported, violations: violating };
}
