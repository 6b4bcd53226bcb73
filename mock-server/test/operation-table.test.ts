import { operations } from '@creator-market/openapi';
import { describe, expect, it } from 'vitest';
import { MalformedPathError, OperationTable } from '../src/http/operation-table';

const table = new OperationTable(operations);
/** A concrete path of the template with `value` for every parameter. */
const fill = (template: string, value: string) => template.replace(/\{[^}]+\}/g, value);

describe('OperationTable', () => {
  it('finds every operation of the document at its own path, with its parameters', () => {
    for (const op of operations) {
      const match = table.match(op.method.toUpperCase(), fill(op.path, 'abc_1'));
      expect(match?.op.operationId, op.path).toBe(op.operationId);
      const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      expect(match?.params).toEqual(Object.fromEntries(names.map((name) => [name, 'abc_1'])));
    }
  });

  it("follows Express's defaults: HEAD finds GET, one trailing slash and letter case do not matter, parameters are decoded", () => {
    expect(table.match('HEAD', '/common/v2/opened-market')?.op.operationId).toBe(
      table.match('GET', '/common/v2/opened-market')?.op.operationId,
    );
    expect(table.match('GET', '/common/v2/opened-market/')?.op.operationId).toBe(
      table.match('GET', '/common/v2/opened-market')?.op.operationId,
    );
    expect(table.match('GET', '/Common/V2/Opened-Market')).not.toBeNull();
    const market = table.match('GET', '/common/market/get/%EB%A7%90%EB%9E%91/4');
    expect(market?.params).toEqual({ sellerId: '말랑', marketId: '4' });
  });

  it('finds nothing for an unknown path, another method, an empty parameter or extra segments', () => {
    expect(table.match('GET', '/no/such/path')).toBeNull();
    expect(table.match('DELETE', '/common/v2/opened-market')).toBeNull();
    expect(table.match('GET', '/common/market/get//4')).toBeNull();
    expect(table.match('GET', '/common/market/get/mallang_studio/4/extra')).toBeNull();
  });

  it('refuses a parameter that is not valid percent-encoding', () => {
    expect(() => table.match('GET', '/common/market/get/%E0%A4%A/4')).toThrow(MalformedPathError);
  });
});
