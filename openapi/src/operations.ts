import { httpMethods, type OpenApiDocument, type OperationInfo, type OperationObject } from './types';

const tables = new WeakMap<OpenApiDocument, readonly OperationInfo[]>();

/** Every operation of a document, in document order (computed once per document object). */
export function listOperations(document: OpenApiDocument): readonly OperationInfo[] {
  const cached = tables.get(document);
  if (cached) return cached;
  const rows: OperationInfo[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of httpMethods) {
      const operation = item[method];
      if (!operation) continue;
      if (!operation.operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const security = operation.security ?? document.security ?? [];
      rows.push({
        operationId: operation.operationId,
        method,
        path,
        tag: operation.tags?.[0] ?? '',
        guest: security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0),
        hasBody: operation.requestBody !== undefined,
        summary: operation.summary ?? '',
      });
    }
  }
  Object.freeze(rows);
  tables.set(document, rows);
  return rows;
}

/** Which operation a caller means: by id, or by method and a path (template or concrete URL). */
export type OperationTarget = { operationId: string } | { method: string; path: string };

export interface FoundOperation {
  info: OperationInfo;
  operation: OperationObject;
}

/** Finds the operation, or undefined. Concrete paths (`/receipt/get/261121000123?x=1`) match their template. */
export function findOperation(document: OpenApiDocument, target: OperationTarget): FoundOperation | undefined {
  const rows = listOperations(document);
  let info: OperationInfo | undefined;
  if ('operationId' in target) {
    info = rows.find((row) => row.operationId === target.operationId);
  } else {
    const method = target.method.toLowerCase();
    const template = matchPathTemplate(document, target.path);
    info = rows.find((row) => row.method === method && row.path === template);
  }
  if (!info) return undefined;
  const operation = document.paths?.[info.path]?.[info.method];
  return operation ? { info, operation } : undefined;
}

/**
 * The path template of the document that a concrete path or URL matches, or undefined. A literal segment
 * beats a parameter (`/room/pin` wins over `/room/{roomId}`), and the path part of the first server URL
 * (`/ads`) may prefix the concrete path.
 */
export function matchPathTemplate(document: OpenApiDocument, pathOrUrl: string): string | undefined {
  const path = pathOnly(pathOrUrl);
  const candidates = [path];
  const prefix = serverPathPrefix(document);
  if (prefix && path.startsWith(`${prefix}/`)) candidates.push(path.slice(prefix.length));

  for (const candidate of candidates) {
    let best: { template: string; params: number } | undefined;
    for (const template of Object.keys(document.paths ?? {})) {
      const params = (template.match(/\{[^}]+\}/g) ?? []).length;
      if (templatePattern(template).test(candidate) && (!best || params < best.params)) best = { template, params };
    }
    if (best) return best.template;
  }
  return undefined;
}

function pathOnly(pathOrUrl: string): string {
  const withoutOrigin = /^[a-z][a-z0-9+.-]*:\/\//i.test(pathOrUrl) ? new URL(pathOrUrl).pathname : pathOrUrl;
  return withoutOrigin.split(/[?#]/, 1)[0] ?? '';
}

function serverPathPrefix(document: OpenApiDocument): string {
  const url = document.servers?.[0]?.url;
  if (!url) return '';
  const pathname = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? new URL(url).pathname : url;
  return pathname.replace(/\/+$/, '');
}

const patternCache = new Map<string, RegExp>();

function templatePattern(template: string): RegExp {
  let pattern = patternCache.get(template);
  if (!pattern) {
    const source = template
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    pattern = new RegExp(`^${source}$`);
    patternCache.set(template, pattern);
  }
  return pattern;
}
