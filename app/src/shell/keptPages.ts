// The pages the router keeps mounted (RouterView writes them as it commits): a tap back to one asks for no
// data (routeData.ts), its data being on screen already.

/** The kept pages' keys: path and query. */
export const keptPages = new Set<string>();

export function setKeptPages(keys: readonly string[]): void {
  keptPages.clear();
  for (const key of keys) keptPages.add(key);
}
