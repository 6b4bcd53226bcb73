// Search (SPEC.md section 5): a blank term goes back to the empty search screen. Its own module so that
// the route table, which every page loads, does not pull in the form validators (and their phone library).

/** The trimmed search term, or null when it is blank (go back to the empty search screen). */
export function normalizeSearchTerm(term: string | null | undefined): string | null {
  const trimmed = (term ?? '').trim();
  return trimmed === '' ? null : trimmed;
}
