// The product contract as Redoc is given it (/docs/openapi.json; tools get the contract itself at
// /openapi.json). An error response that narrows the codes it sends is written in the contract as
// `allOf: [ErrorBody, {properties: {data: <its codes>}}]`. Redoc merges that branch by branch of ErrorBody's
// `oneOf` and warns "Incompatible types in allOf" where a string code meets the object alternative of a
// list error's codes. Here each such `allOf` is written out as the ErrorBody branches its codes leave, each
// narrowed to them: the same bodies are valid (test/docs.test.ts checks it with Ajv), and Redoc renders it
// without merging anything. No Node-only imports (every door serves /docs).

type Schema = Record<string, unknown>;

const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

/** The codes an overlay's `data` allows: as a string (`enum`), and as a list error's `code` (`{type: object}`). */
interface AllowedCodes {
  strings: ReadonlySet<string>;
  listCodes: ReadonlySet<string>;
}

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

function unexpected(what: string, schema: unknown): never {
  throw new Error(`docs document: ${what} is not a shape this rewrite knows: ${JSON.stringify(schema).slice(0, 300)}`);
}

function stringEnum(schema: Schema, where: string): string[] {
  const values = schema.enum;
  if (!Array.isArray(values) || !values.every((value) => typeof value === 'string')) unexpected(where, schema);
  return values;
}

/** `{enum: [...]}`, or `{anyOf: [{enum: [...]}, {type: object, properties: {code: {enum: [...]}}}]}`. */
function allowedCodes(data: Schema): AllowedCodes {
  const strings = new Set<string>();
  const listCodes = new Set<string>();
  for (const alternative of Array.isArray(data.anyOf) ? (data.anyOf as unknown[]) : [data]) {
    if (!isSchema(alternative)) unexpected('an alternative of the codes', data);
    if (alternative.type === 'object') {
      const code = isSchema(alternative.properties) ? alternative.properties.code : undefined;
      if (!isSchema(code)) unexpected('a list error alternative', alternative);
      for (const value of stringEnum(code, 'a list error alternative')) listCodes.add(value);
    } else {
      for (const value of stringEnum(alternative, 'the codes')) strings.add(value);
    }
  }
  return { strings, listCodes };
}

/** The overlay's `data`, when `schema` is exactly `allOf: [ErrorBody, {type: object, properties: {data}}]`. */
function narrowedData(schema: Schema): Schema | null {
  const parts = schema.allOf;
  if (!Array.isArray(parts) || parts.length !== 2) return null;
  const [base, overlay] = parts as unknown[];
  if (!isSchema(base) || base.$ref !== ERROR_BODY_REF || Object.keys(base).length !== 1) return null;
  if (!isSchema(overlay) || !isSchema(overlay.properties)) return unexpected('an ErrorBody overlay', overlay);
  const keys = Object.keys(overlay).filter((key) => key !== 'type');
  const data = overlay.properties.data;
  if (keys.join() !== 'properties' || Object.keys(overlay.properties).join() !== 'data' || !isSchema(data)) {
    return unexpected('an ErrorBody overlay', overlay);
  }
  return data;
}

function resolve(document: Schema, schema: Schema): Schema {
  if (typeof schema.$ref !== 'string') return schema;
  const name = /^#\/components\/schemas\/([A-Za-z0-9_]+)$/.exec(schema.$ref)?.[1];
  const target = name ? (document.components as { schemas: Record<string, Schema> }).schemas[name] : undefined;
  return target ?? unexpected('a reference', schema);
}

/** A code schema narrowed to `allowed` (itself when nothing is left out; null when nothing is left). */
function narrowCodes(document: Schema, schema: Schema, allowed: ReadonlySet<string>): Schema | null {
  const codes = stringEnum(resolve(document, schema), 'an ErrorBody code');
  const kept = codes.filter((code) => allowed.has(code));
  if (kept.length === 0) return null;
  return kept.length === codes.length ? schema : { type: 'string', enum: kept };
}

/** One ErrorBody branch narrowed to the allowed codes, or null when it sends none of them. */
function narrowBranch(document: Schema, branch: Schema, allowed: AllowedCodes): Schema | null {
  const properties = branch.properties as Record<string, Schema>;
  const data = resolve(document, properties.data ?? unexpected('an ErrorBody branch', branch));
  if (data.type === 'string') {
    const narrowed = narrowCodes(document, properties.data!, allowed.strings);
    return narrowed && { ...branch, properties: { ...properties, data: narrowed } };
  }
  const dataProperties = data.properties as Record<string, Schema> | undefined;
  if (data.type !== 'object' || !dataProperties?.code) unexpected('an ErrorBody branch', branch);
  const code = narrowCodes(document, dataProperties.code, allowed.listCodes);
  return code && { ...branch, properties: { ...properties, data: { ...data, properties: { ...dataProperties, code } } } };
}

/** The same contract, with every narrowed ErrorBody written out (a new object; the contract is not touched). */
export function docsDocument(contract: object): object {
  const document = structuredClone(contract) as Schema;
  const errorBody = resolve(document, { $ref: ERROR_BODY_REF });
  const branches = Array.isArray(errorBody.oneOf) ? (errorBody.oneOf as Schema[]) : unexpected('ErrorBody', errorBody);

  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!isSchema(node)) return node;
    const data = narrowedData(node);
    if (!data) return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, rewrite(value)]));
    const allowed = allowedCodes(data);
    const kept = branches.map((branch) => narrowBranch(document, branch, allowed)).filter((branch) => branch !== null);
    if (kept.length === 0) unexpected('an ErrorBody overlay that allows no code', data);
    const { allOf: _allOf, ...rest } = node;
    return kept.length === 1 ? { ...rest, ...kept[0] } : { ...rest, oneOf: kept };
  };
  return { ...document, paths: rewrite(document.paths), components: rewrite(document.components) };
}
