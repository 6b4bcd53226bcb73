// @ts-check
// The contract diff: the bundled documents (openapi/bundled/product.json and ads.json, what the sdk's types and
// the mock are made from) compared with api-smart-diff (docs/decisions/contract-diff.md), each change
// attributed to its operation and said in our words: `listCarts  response 200 data[].market.desc  removed`,
// and classed as api-smart-diff classes it but for our own rules (ourClass: a path parameter renamed breaks the
// typed sdk; an example is documentation).
// The control plane's document (control.json) is the mock's own tool API, not the product's: not compared.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiCompare } from 'api-smart-diff';

/** The bundled documents a client of the product uses. */
export const DOCUMENTS = /** @type {const} */ (['product', 'ads']);

/**
 * @typedef {'breaking' | 'non-breaking' | 'unclassified'} ChangeType
 * @typedef {{document: string, operationId: string | null, method: string | null, path: string | null,
 *   where: string, what: string, type: ChangeType, rule?: string, details: string[], added: unknown[],
 *   removed: unknown[], context?: unknown[]}} Change   `rule`: why our class is not api-smart-diff's (ourClass);
 *   `context`: the values of the enum an added or removed value belongs to
 * @typedef {Record<string, any>} Documents  document name -> parsed bundle (absent when it does not exist there)
 */

/**
 * A file's text at a git ref (`git show REF:FILE`), or null when the file did not exist at that commit.
 * @param {string} repoRoot
 * @param {string} ref
 * @param {string} file relative to the repository's root
 */
export function gitShow(repoRoot, ref, file) {
  try {
    return execFileSync('git', ['show', `${ref}:${file}`], {
      cwd: repoRoot,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    if (/does not exist|exists on disk, but not in/.test(String(error.stderr ?? error.message))) return null;
    throw error;
  }
}

/**
 * The bundled documents in the working tree (`ref` null) or at a git ref (`git show REF:openapi/bundled/...`).
 * @param {string} repoRoot
 * @param {string | null} ref
 * @returns {Documents}
 */
export function readBundles(repoRoot, ref) {
  /** @type {Documents} */
  const documents = {};
  for (const name of DOCUMENTS) {
    const file = `openapi/bundled/${name}.json`;
    if (ref === null) {
      if (existsSync(join(repoRoot, file))) documents[name] = JSON.parse(readFileSync(join(repoRoot, file), 'utf8'));
      continue;
    }
    // A file that did not exist at that commit: nothing to compare it with.
    const text = gitShow(repoRoot, ref, file);
    if (text !== null) documents[name] = JSON.parse(text);
  }
  return documents;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Follows a local $ref of `document` (a parameter may be one). */
function resolve(document, node) {
  for (let hops = 0; node && typeof node === 'object' && typeof node.$ref === 'string' && hops < 10; hops++)
    node = node.$ref
      .slice(2)
      .split('/')
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((at, key) => at?.[key], document);
  return node;
}

const show = (/** @type {unknown} */ value) => (typeof value === 'string' ? `'${value}'` : JSON.stringify(value));
const primitive = (/** @type {unknown} */ value) => value === null || typeof value !== 'object';

/**
 * A schema location in words: `data[].market.desc`, with the keyword changed there (`required`, `enum`,
 * `type`...) or none when a whole property changed.
 * @param {Array<string | number>} segments the path inside a schema
 * @param {{before?: unknown, after?: unknown}} diff
 */
function schemaWhere(segments, diff) {
  let where = '';
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment === 'properties' && i + 1 < segments.length) where += `${where ? '.' : ''}${segments[++i]}`;
    else if (segment === 'items') where += '[]';
    else if (segment === 'additionalProperties') where += '{}';
    else if (segment === 'allOf' || segment === 'anyOf' || segment === 'oneOf') {
      // A whole branch (or the whole list) added or removed is its own kind of change: `oneOf branch added`.
      if (i + 2 >= segments.length) return { where, keyword: i + 1 < segments.length ? `${segment} branch` : segment };
      i++;
    } else if (segment === 'required') {
      const name = i + 1 < segments.length ? (diff.after ?? diff.before) : undefined;
      return { where: typeof name === 'string' ? `${where ? `${where}.` : ''}${name}` : where, keyword: 'required' };
    } else return { where, keyword: String(segment) };
  }
  return { where, keyword: '' };
}

/** The keywords of an example (of a schema, a parameter, a media type): documentation, never on the wire. */
const EXAMPLE_KEYWORDS = new Set(['example', 'examples']);

/**
 * Where in an operation a diff is (`query msgType`, `request body remember`, `response 200 data[].market.desc`),
 * with the keyword changed there.
 * @param {any} document the document the location exists in
 * @param {any} operation
 * @param {Array<string | number>} rest the diff's path after ['paths', template, method]
 * @param {{before?: unknown, after?: unknown}} diff
 */
function operationWhere(document, operation, rest, diff) {
  const [head, second, third, , fifth] = rest;
  if (rest.length === 0) return { where: 'operation', keyword: '' };
  if (head === 'parameters' && typeof second === 'number') {
    const parameter = resolve(document, operation?.parameters?.[second]) ?? {};
    const name = `${parameter.in ?? 'parameter'} ${parameter.name ?? second}`;
    if (rest.length === 2) return { where: name, keyword: '' };
    if (rest[2] === 'schema') {
      const inner = schemaWhere(rest.slice(3), diff);
      return { where: `${name}${inner.where ? ` ${inner.where}` : ''}`, keyword: inner.keyword };
    }
    return { where: name, keyword: String(rest[2]) };
  }
  if (head === 'requestBody') {
    if (second === 'content' && fifth !== undefined && rest[3] === 'schema') {
      const inner = schemaWhere(rest.slice(4), diff);
      return { where: `request body${inner.where ? ` ${inner.where}` : ''}`, keyword: inner.keyword };
    }
    if (second === 'content' && EXAMPLE_KEYWORDS.has(String(rest[3]))) return { where: 'request body', keyword: String(rest[3]) };
    return { where: 'request body', keyword: second === undefined ? '' : String(second === 'content' ? 'content type' : second) };
  }
  if (head === 'responses' && second !== undefined) {
    const response = `response ${second}`;
    if (third === 'content' && rest[4] === 'schema') {
      const inner = schemaWhere(rest.slice(5), diff);
      return { where: `${response}${inner.where ? ` ${inner.where}` : ''}`, keyword: inner.keyword };
    }
    if (third === 'content' && EXAMPLE_KEYWORDS.has(String(rest[4]))) return { where: response, keyword: String(rest[4]) };
    if (third === 'headers' && rest[3] !== undefined) return { where: `${response} header ${rest[3]}`, keyword: '' };
    return { where: response, keyword: third === undefined ? '' : String(third === 'content' ? 'content type' : third) };
  }
  return { where: String(head), keyword: rest.length > 1 ? String(rest[1]) : '' };
}

/** What changed, in a few words: `removed`, `made required`, `value 'cancel' removed`, `type changed`. */
function whatChanged(keyword, diff) {
  const { action, before, after } = diff;
  if (action === 'rename') return `renamed ${show(before)} -> ${show(after)}`;
  if (keyword === 'required') return action === 'add' ? 'made required' : action === 'remove' ? 'no longer required' : 'required changed';
  if (keyword === 'enum') {
    if (action === 'add' && primitive(after)) return `value ${show(after)} added`;
    if (action === 'remove' && primitive(before)) return `value ${show(before)} removed`;
    return 'values changed';
  }
  const subject = keyword ? `${keyword} ` : '';
  if (action === 'add') return `${subject}added`;
  if (action === 'remove') return `${subject}removed`;
  if (primitive(before) && primitive(after)) return `${subject}changed ${show(before)} -> ${show(after)}`;
  return `${subject}changed`;
}

/** api-smart-diff's classes in ours: breaking, non-breaking (with annotations and deprecations), unclassified. */
const classOf = (/** @type {string} */ type) =>
  /** @type {ChangeType} */ (type === 'breaking' ? 'breaking' : type === 'unclassified' ? 'unclassified' : 'non-breaking');

/**
 * Our own rules over api-smart-diff's class (docs/decisions/contract-diff.md), each with why:
 *   - a path template renamed, or a path parameter's name changed, is breaking: the URL a client sends is the
 *     same, but the typed sdk keys its client by the template (`api.get('/seller/{sellerPID}')`) and its
 *     parameters by name (`params.path.sellerPID`), so a consumer's code stops compiling;
 *   - an example changed (of a schema, a parameter, a media type) is not breaking: it is documentation, no
 *     client receives or sends it (api-smart-diff leaves some unclassified).
 * @param {ChangeType} type api-smart-diff's class
 * @param {{pathRenamed?: boolean, pathParameterRenamed?: boolean, keyword?: string}} diff
 * @returns {{type: ChangeType, rule?: string}}
 */
function ourClass(type, { pathRenamed = false, pathParameterRenamed = false, keyword = '' }) {
  if (pathRenamed || pathParameterRenamed)
    return { type: 'breaking', rule: `typed sdk: its ${pathRenamed ? 'path key' : 'path parameter key'} changes` };
  if (type === 'unclassified' && EXAMPLE_KEYWORDS.has(keyword)) return { type: 'non-breaking', rule: 'an example: documentation' };
  return { type };
}
const SEVERITY = { breaking: 2, unclassified: 1, 'non-breaking': 0 };

/**
 * Every change from `before` to `after`, one per (document, operation, place and keyword), the most severe
 * class of the diffs there. Changes under `components` are left out: api-smart-diff follows each $ref into
 * the operations that use it, where each is reported against its operation.
 * @param {Documents} before
 * @param {Documents} after
 * @returns {Change[]}
 */
export function compareDocuments(before, after) {
  /** @type {Map<string, Change>} */
  const changes = new Map();
  const add = (/** @type {Omit<Change, 'details' | 'added' | 'removed'>} */ change, /** @type {any} */ diff) => {
    const key = [change.document, change.operationId, change.where, change.what].join('\u0000');
    const known = changes.get(key);
    const entry = known ?? { ...change, details: [], added: [], removed: [] };
    if (known && SEVERITY[change.type] > SEVERITY[known.type]) Object.assign(known, { type: change.type, rule: change.rule });
    if (diff.description && !entry.details.includes(diff.description)) entry.details.push(diff.description);
    changes.set(key, entry);
  };
  for (const name of DOCUMENTS) {
    const from = before[name];
    const to = after[name];
    if (!from && !to) continue;
    if (!from || !to) {
      add(
        {
          document: name,
          operationId: null,
          method: null,
          path: null,
          where: 'document',
          what: from ? 'removed' : 'added',
          type: from ? 'breaking' : 'non-breaking',
        },
        {},
      );
      continue;
    }
    const { diffs } = apiCompare(from, to);
    for (const diff of diffs) {
      const [top, template, method, ...rest] = diff.path;
      const type = classOf(diff.type);
      if (top === 'components') continue;
      if (top !== 'paths') {
        add(
          { document: name, operationId: null, method: null, path: null, where: diff.path.join('.'), what: whatChanged('', diff), type },
          diff,
        );
        continue;
      }
      if (template === undefined) {
        // A path renamed (its parameters renamed): the same URL for a client, not the same key in the typed sdk.
        const renamed = ourClass(type, { pathRenamed: diff.action === 'rename' });
        for (const [verb, operation] of Object.entries(from.paths?.[/** @type {string} */ (diff.before)] ?? {}))
          if (HTTP_METHODS.has(verb))
            add(
              {
                document: name,
                operationId: operation.operationId,
                method: verb,
                path: String(diff.before),
                where: 'path',
                what: whatChanged('', diff),
                ...renamed,
              },
              diff,
            );
        continue;
      }
      const templateText = String(template);
      if (method === undefined || !HTTP_METHODS.has(String(method))) {
        // A whole path item added or removed (or one of its shared fields): each of its operations.
        const item = diff.action === 'add' ? to.paths?.[templateText] : from.paths?.[templateText];
        // A parameter shared by the path's operations: named as an operation's own.
        const shared = method === 'parameters' && typeof rest[0] === 'number' ? resolve(from, item?.parameters?.[rest[0]]) : undefined;
        const where = shared ? `${shared.in} ${shared.name}` : method === undefined ? 'operation' : String(method);
        const keyword = shared && rest.length > 1 ? String(rest[1]) : '';
        const classed = ourClass(type, { pathParameterRenamed: shared?.in === 'path' && keyword === 'name' && rest.length === 2, keyword });
        for (const [verb, operation] of Object.entries(item ?? {}))
          if (HTTP_METHODS.has(verb))
            add(
              {
                document: name,
                operationId: operation.operationId,
                method: verb,
                path: templateText,
                where,
                what: whatChanged(keyword, diff),
                ...classed,
              },
              diff,
            );
        continue;
      }
      const inFrom = from.paths?.[templateText]?.[method];
      const inTo = to.paths?.[templateText]?.[method];
      const operation = diff.action === 'add' ? (inTo ?? inFrom) : (inFrom ?? inTo);
      const located = operationWhere(diff.action === 'add' ? to : from, operation, rest, diff);
      const what = whatChanged(located.keyword, diff);
      // `path sellerPID` `name changed`: where names a parameter by its place and name.
      const pathParameterRenamed = rest[0] === 'parameters' && rest[2] === 'name' && rest.length === 3 && located.where.startsWith('path ');
      add(
        {
          document: name,
          operationId: operation?.operationId ?? `${String(method).toUpperCase()} ${templateText}`,
          method: String(method),
          path: templateText,
          where: located.where,
          what,
          ...ourClass(type, { pathParameterRenamed, keyword: located.keyword }),
        },
        diff,
      );
      const entry = changes.get(
        [name, operation?.operationId ?? `${String(method).toUpperCase()} ${templateText}`, located.where, what].join('\u0000'),
      );
      if (entry && located.keyword === 'enum') {
        if (diff.action === 'add' && primitive(diff.after)) entry.added.push(diff.after);
        if (diff.action === 'remove' && primitive(diff.before)) entry.removed.push(diff.before);
      }
    }
  }
  const list = [...changes.values()];
  // Each changed enum's other values: what finds the sdk's own list of them (the error codes).
  for (const change of list) if (change.added.length || change.removed.length) change.context = enumValues(before, after, change);
  return list;
}

/** The values of the enum a change is in, before and after (empty for other changes). */
function enumValues(/** @type {Documents} */ before, /** @type {Documents} */ after, /** @type {Change} */ change) {
  if (!change.added.length && !change.removed.length) return [];
  const values = new Set();
  const collect = (/** @type {any} */ node) => {
    if (Array.isArray(node)) node.forEach(collect);
    else if (node && typeof node === 'object') {
      if (Array.isArray(node.enum) && node.enum.some((v) => change.added.includes(v) || change.removed.includes(v)))
        node.enum.forEach((v) => values.add(v));
      Object.values(node).forEach(collect);
    }
  };
  for (const documents of [before, after]) collect(documents[change.document]?.paths?.[change.path ?? '']?.[change.method ?? '']);
  return [...values];
}

/** A change's key in the CHANGELOG and the report: `operationId` and `where`. */
export const changeKey = (/** @type {Change} */ change) => `${change.operationId ?? change.document} ${change.where}`;
