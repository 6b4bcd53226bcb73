// search: today's hot keywords, and the sellers and products matching a keyword (20 a page).
import type { components } from '@creator-market/sdk/generated/api';
import { PAGE_SIZE, seoulDayKey } from '@creator-market/sdk/domain';
import { hashText, productSearch, sellerSearch } from '../world/home-lists';
import type { Account, StoreState } from '../world/store';
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

// Keyword searches are kept per Seoul day and searcher: `keywordCounts` keys are
// 'YYYY-MM-DD:<searcher>:<keyword>' (the day and the searcher's hash have fixed lengths, so any keyword text
// follows them), each counting 1. A keyword's score is how many searchers looked for it today, so one
// client repeating a search cannot take the list. Only today's keys are kept.
const dayPrefix = (now: number) => `${seoulDayKey(now)}:`;
const SEARCHER_LENGTH = 8;

/** A fixed-length key for a searcher: the account, or for a guest the client (address and browser). */
function searcherKey(user: Account | null, client: string): string {
  return hashText(user ? `uid:${user.uid}` : `guest:${client}`)
    .toString(16)
    .padStart(SEARCHER_LENGTH, '0')
    .slice(-SEARCHER_LENGTH);
}

/** The state with this searcher's search for the keyword counted today, once (earlier days' counts dropped). */
function countKeyword(state: StoreState, keyword: string, searcher: string, now: number): StoreState {
  const today = dayPrefix(now);
  const key = `${today}${searcher}:${keyword}`;
  if (Object.hasOwn(state.keywordCounts, key)) return state;
  const keywordCounts: Record<string, number> = {};
  for (const [known, count] of Object.entries(state.keywordCounts)) if (known.startsWith(today)) keywordCounts[known] = count;
  keywordCounts[key] = 1;
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
    const keyword = key.slice(today.length + SEARCHER_LENGTH + 1);
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

  searchProducts({ query, user, client }, { world, now }) {
    const { store } = world;
    const keyword = query.keyword.trim();
    const page = Number(query.page ?? 1);
    // One search shows both sections and loads page 1 once: only that request counts toward hot keywords.
    if (page === 1 && keyword) {
      const counted = countKeyword(store.state, keyword, searcherKey(user, client), now);
      if (counted !== store.state) {
        store.state = counted;
        // A read that counts: saved with `--state` a moment later rather than before this answer.
        world.touched('soon');
      }
    }
    const { items, paging } = searchPage(productSearch(world, keyword), page);
    return { data: { list: items.map((row) => productSummary(store, row)), paging } };
  },
} satisfies Partial<HandlerMap>;
