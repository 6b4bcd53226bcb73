// The search term's bound is the contract's: a term the app sends is never refused for its length.
import { readFile } from 'node:fs/promises';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { normalizeSearchTerm, SEARCH_TERM_MAX_LENGTH } from '../../src/domain/search';

describe('search terms', () => {
  it("are bounded by the contract's keyword maxLength", async () => {
    const bundle = JSON.parse(await readFile(new URL('../../../openapi/bundled/product.json', import.meta.url), 'utf8')) as {
      components: { parameters: { Keyword: { schema: { maxLength: number } } } };
    };
    expect(SEARCH_TERM_MAX_LENGTH).toBe(bundle.components.parameters.Keyword.schema.maxLength);
  });

  it('are cut to the bound, whole characters, trimmed again', () => {
    const long = '키링'.repeat(80);
    expect(normalizeSearchTerm(long)).toBe('키링'.repeat(50));
    expect(Array.from(normalizeSearchTerm('😀'.repeat(150)) ?? '')).toHaveLength(SEARCH_TERM_MAX_LENGTH);
    expect(normalizeSearchTerm(`${'a'.repeat(99)} bcd`)).toBe('a'.repeat(99));
  });

  test.prop([fc.string({ maxLength: 300 })])('trimmed, at most the bound, blank goes back to the empty search', (term) => {
    const normalized = normalizeSearchTerm(term);
    if (term.trim() === '') {
      expect(normalized).toBeNull();
      return;
    }
    expect(normalized).not.toBeNull();
    expect(Array.from(normalized ?? '').length).toBeLessThanOrEqual(SEARCH_TERM_MAX_LENGTH);
    expect(term.trim().startsWith(normalized ?? '')).toBe(true);
    if (Array.from(term.trim()).length <= SEARCH_TERM_MAX_LENGTH) expect(normalized).toBe(term.trim());
  });
});
