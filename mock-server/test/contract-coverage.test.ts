// Every operation of the OpenAPI documents must have its own test: a `describe('<operationId>', ...)` block
// in some test file of this package, whose responses the harness validates against the contract. An
// operation added to the document without a test fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adOperations, operations } from '@creator-market/openapi';
import { handlers } from '../src/handlers';
import { adHandlers } from '../src/handlers/ads';

const here = dirname(fileURLToPath(import.meta.url));
const testSources = readdirSync(here)
  .filter((f) => f.endsWith('.test.ts') && f !== 'contract-coverage.test.ts')
  .map((f) => readFileSync(join(here, f), 'utf8'))
  .join('\n');

const described = new Set([...testSources.matchAll(/describe\(\s*['"`]([A-Za-z]+)['"`]/g)].map((m) => m[1]));

describe('contract coverage', () => {
  const all = [...operations, ...adOperations];

  it('covers the 67 operations of the spec', () => {
    expect(all).toHaveLength(67);
  });

  it.each(all.map((op) => [op.operationId, op.method.toUpperCase(), op.path]))(
    '%s (%s %s) has a handler and a describe block',
    (operationId) => {
      expect(Object.keys({ ...handlers, ...adHandlers })).toContain(operationId);
      expect(described.has(operationId), `no describe('${operationId}', ...) in mock-server/test/*.test.ts`).toBe(true);
    },
  );
});
