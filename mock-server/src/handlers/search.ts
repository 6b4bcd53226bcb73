// search: today's hot keywords, and the sellers and products matching a keyword (20 a page).
import type { components } from '@creator-market/sdk/generated/api';
import { PAGE_SIZE, seoulDayKey } from '@creator-market/sdk/domain';
import { productSearch, sellerSearch } from '../world/home-lists';
import type { StoreState } from '../world/store';
import { productSummary, sellerSummary } from '../world/views';
import type { HandlerMap } from './types';

type Schemas = components['schemas'];

/** At most this many hot keywords (our decision, in the operation's description). */
const HOT_KEYWORDS = 10;

/** One page of a result list and its paging; a page past the end is empty with the same totals. */
function searchPage<T>(all: readonly T[], page: number): { items: T[]; paging: Schemas['SearchPaging'] } {
  return {
    items: all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
    paging: { dataCnt: all.length, page, pageCnt: Math.ceil(all.length / PAGE_SIZE) },
  };
}

// Keyword counts are kept per Seoul day: `keywordCounts` keys are 'YYYY-MM-DD:<keyword>' (the day has a
// fixed length, so any keyword text follows it). Only today's keys are kept.
const dayPrefix = (now: number) => `${seoulDayKey(now)}:`;

/** The state with the keyword counted once more today (earlier days' counts dropped). */
function countKeyword(state: StoreState, keyword: string, now: number): StoreState {
  const today = dayPrefix(now);
  const keywordCounts: Record<string, number> = {};
  for (const [key, count] of Object.entries(state.keywordCounts)) if (key.startsWith(today)) keywordCounts[key] = count;
  keywordCounts[today + keyword] = (keywordCounts[today + keyword] ?? 0) + 1;
  return { ...state, keywordCounts };
}

/**
 * Today's hot keywords: the stored ranking (counted when the world was made) merged with today's searches.
 * The stored ranking weighs as many searches as places from the bottom (10 for the first of ten, 1 for the
 * last); each search today adds one. Most searched first; a tie keeps the stored order.
 */
function hotKeywords(state: StoreState, now: number): Schemas['HotKeywords'] {
  const stored = state.hotKeywords.keywords;
  const scores = new Map<string, { score: number; storedRank: number }>();
  stored.forEach((keyword, index) => scores.set(keyword, { score: stored.length - index, storedRank: index }));
  const today = dayPrefix(now);
  let searchedToday = false;
  for (const [key, count] of Object.entries(state.keywordCounts)) {
    if (!key.startsWith(today)) continue;
    searchedToday = true;
    const keyword = key.slice(today.length);
    const entry = scores.get(keyword) ?? { score: 0, storedRank: stored.length };
    scores.set(keyword, { ...entry, score: entry.score + count });
  }
  const keywords = [...scores]
    .sort(([ka, a], [kb, b]) => b.score - a.score || a.storedRank - b.storedRank || (ka < kb ? -1 : ka > kb ? 1 : 0))
    .slice(0, HOT_KEYWORDS)
    .map(([keyword]) => keyword);
  return { keywords, timestamp: searchedToday ? new Date(now).toISOString() : state.hotKeywords.timestamp };
}

export const searchHandlers = {
  getHotKeywords(_req, { world, now }) {
    return { data: hotKeywords(world.store.state, now) };
  },

  searchSellers({ query }, { world }) {
    const { items, paging } = searchPage(sellerSearch(world, query.keyword.trim()), Number(query.page ?? 1));
    return { data: { list: items.map((s) => sellerSummary(s)), paging } };
  },

  searchProducts({ query }, { world, now }) {
    const { store } = world;
    const keyword = query.keyword.trim();
    const page = Number(query.page ?? 1);
    // One search shows both sections and loads page 1 once: only that request counts toward hot keywords.
    if (page === 1 && keyword) {
      store.state = countKeyword(store.state, keyword, now);
      // A read that counts: saved with `--state` a moment later rather than before this answer.
      world.touched('soon');
    }
    const { items, paging } = searchPage(productSearch(world, keyword), page);
    return { data: { list: items.map((row) => productSummary(store, row)), paging } };
  },
} satisfies Partial<HandlerMap>;
