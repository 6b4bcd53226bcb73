// The second, independent check of the bundled documents (after `redocly lint`): validates each bundle
// against the official OpenAPI JSON Schemas with @seriousme/openapi-schema-validator, which also checks
// that every internal $ref resolves. `node scripts/validate.mjs [files...]` exits non-zero on any error.
import { Validator } from '@seriousme/openapi-schema-validator';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundledDir, documents, openapiDir } from './bundle.mjs';

/**
 * Validates one OpenAPI document (a parsed object or JSON text).
 * @param {Record<string, unknown> | string} document
 * @returns {Promise<{ valid: boolean, version: string | undefined, errors: string[] }>}
 */
export async function validateDocument(document) {
  const validator = new Validator({ allErrors: true });
  // The validator treats a string without a newline as a file name; hand it the parsed object instead.
  const specification = typeof document === 'string' ? JSON.parse(document) : document;
  const result = await validator.validate(specification);
  const errors = result.valid ? [] : describeErrors(result.errors);
  return { valid: result.valid && errors.length === 0, version: validator.version, errors };
}

/**
 * @param {import('ajv').ErrorObject[] | string | undefined} errors
 * @returns {string[]}
 */
function describeErrors(errors) {
  if (errors === undefined) return ['invalid (the validator gave no reason)'];
  if (typeof errors === 'string') return [errors];
  return errors.map((error) => {
    const where = error.instancePath || '(document root)';
    const params = Object.keys(error.params ?? {}).length ? ` ${JSON.stringify(error.params)}` : '';
    return `${where}: ${error.message ?? error.keyword}${params}`;
  });
}

async function main() {
  const files = process.argv.length > 2 ? process.argv.slice(2) : documents.map((doc) => join(bundledDir, doc.output));
  let failed = false;
  for (const file of files) {
    const name = relative(openapiDir, file) || file;
    let text;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      console.error(`✗ ${name}: cannot read the file (run \`pnpm --filter @creator-market/openapi bundle\` first)`);
      failed = true;
      continue;
    }
    const result = await validateDocument(text);
    if (result.valid) {
      console.log(`✓ ${name}: valid OpenAPI ${result.version}`);
    } else {
      failed = true;
      console.error(`✗ ${name}: ${result.errors.length} error(s)`);
      for (const error of result.errors) console.error(`  - ${error}`);
    }
  }
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
