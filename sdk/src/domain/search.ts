// Search (SPEC.md section 5): a blank term goes back to the empty search screen. Its own module so that
// the route table, which every page loads, does not pull in the form validators (and their phone library).
import { buildPath } from './routing.js';

/**
 * The longest search term the API takes: the contract's `keyword` maxLength (openapi/product/components/
 * parameters.yaml; sdk/test/domain/search.test.ts checks they agree). A longer term is cut to it, so that
 * the search never fails on length.
 */
export const SEARCH_TERM_MAX_LENGTH = 100;

/** The trimmed search term cut to SEARCH_TERM_MAX_LENGTH characters, or null when it is blank. */
export function normalizeSearchTerm(term: string | null | undefined): string | null {
  const trimmed = (term ?? '').trim();
  // Characters as the contract counts them (code points), so a cut never splits a surrogate pair.
  const characters = Array.from(trimmed);
  const bounded = characters.length > SEARCH_TERM_MAX_LENGTH ? characters.slice(0, SEARCH_TERM_MAX_LENGTH).join('').trimEnd() : trimmed;
  return bounded === '' ? null : bounded;
}

/** Where a search goes: the trimmed term's results, or back to the empty search when the term is blank. */
export function searchPath(term: string | null | undefined): string {
  const normalized = normalizeSearchTerm(term);
  return normalized === null ? buildPath('search') : buildPath('search-result', {}, { query: { term: normalized } });
}
