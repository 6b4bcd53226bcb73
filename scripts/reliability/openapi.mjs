// The bundled product OpenAPI as the fuzzer reads it: every operation with its parameters and request
// body, and Ajv checks that say whether a mutated request still matches the contract (a mutation that
// does is dropped, so every request the fuzzer sends is one the server must refuse).
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { REPO_ROOT } from '../bench/processes.mjs';

export const document = JSON.parse(readFileSync(`${REPO_ROOT}openapi/bundled/product.json`, 'utf8'));
const DOC_ID = 'https://creator-market.invalid/fuzz/product.json';
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The value at a JSON pointer given as segments. */
function at(segments) {
  return segments.reduce((node, key) => (node && typeof node === 'object' ? node[key] : undefined), document);
}

const refSegments = (ref) =>
  ref
    .slice(2)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
const encodePointer = (segments) =>
  segments.map((s) => `/${encodeURIComponent(String(s).replace(/~/g, '~0').replace(/\//g, '~1'))}`).join('');

/** Follows $refs; returns the object and the pointer (segments) where it lives. */
function follow(node, pointer) {
  for (let hops = 0; node && typeof node === 'object' && typeof node.$ref === 'string' && hops < 20; hops++) {
    pointer = refSegments(node.$ref);
    node = at(pointer);
  }
  return { node, pointer };
}

/** A schema with $refs followed and allOf branches merged (properties, required, closedness), for walking. */
export function resolveSchema(schema) {
  let { node } = follow(schema, []);
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node.allOf)) {
    const merged = { ...node, properties: { ...(node.properties ?? {}) }, required: [...(node.required ?? [])] };
    delete merged.allOf;
    for (const part of node.allOf.map(resolveSchema)) {
      if (!part || typeof part !== 'object') continue;
      for (const [key, value] of Object.entries(part.properties ?? {})) {
        // `_id: false` in a later branch forbids the property: drop it from what we walk.
        if (value === false) delete merged.properties[key];
        else merged.properties[key] = merged.properties[key] ? { allOf: [merged.properties[key], value] } : value;
      }
      merged.required.push(...(part.required ?? []));
      for (const key of ['type', 'additionalProperties', 'unevaluatedProperties', 'minProperties', 'maxProperties']) {
        if (part[key] !== undefined && merged[key] === undefined) merged[key] = part[key];
      }
    }
    return merged;
  }
  return node;
}

function makeAjv(coerceTypes) {
  const ajv = new Ajv2020({ allErrors: false, strict: false, coerceTypes, validateFormats: true });
  addFormats(ajv);
  for (const keyword of ['example', 'discriminator', 'xml', 'externalDocs']) if (!ajv.getKeyword(keyword)) ajv.addKeyword({ keyword });
  ajv.addSchema({ ...document, $id: DOC_ID });
  return ajv;
}
// Bodies are validated without coercion, parameters with it (as express-openapi-validator does).
const bodyAjv = makeAjv(false);
const paramAjv = makeAjv(true);

function compileAt(ajv, pointer) {
  return ajv.compile({ $ref: `${DOC_ID}#${encodePointer(pointer)}` });
}

/**
 * Every operation: {operationId, method, path, guest, parameters: [{name, in, required, schema, example, valid(value)}],
 * body: null | {mediaType, required, schema, example, valid(value)}}.
 */
export function listOperations() {
  const rows = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const security = operation.security ?? document.security ?? [];
      const parameters = (operation.parameters ?? []).map((raw, index) => {
        const { node, pointer } = follow(raw, ['paths', path, method, 'parameters', index]);
        const check = compileAt(paramAjv, [...pointer, 'schema']);
        return {
          name: node.name,
          in: node.in,
          required: node.required === true,
          schema: resolveSchema(node.schema),
          example: node.example ?? node.schema?.example,
          // Validates a copy (coercion rewrites the value in place inside its parent).
          valid: (value) => check({ v: structuredClone(value) }.v),
        };
      });
      let body = null;
      if (operation.requestBody) {
        const { node, pointer } = follow(operation.requestBody, ['paths', path, method, 'requestBody']);
        const [mediaType, media] = Object.entries(node.content)[0];
        const check = compileAt(bodyAjv, [...pointer, 'content', mediaType, 'schema']);
        body = {
          mediaType,
          required: node.required === true,
          schema: media.schema,
          example: media.example ?? Object.values(media.examples ?? {})[0]?.value,
          valid: (value) => check(value),
        };
      }
      rows.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        guest: security.length === 0 || security.some((requirement) => Object.keys(requirement).length === 0),
        parameters,
        body,
        declaredStatuses: Object.keys(operation.responses ?? {}),
      });
    }
  }
  return rows;
}
