// The search the postcode widget draws into its element: a search field, tips before the first search, then
// the matching addresses (zonecode, road address, building, jibun address) page by page. Choosing one hands
// the widget's data to `onSelect`.
import { useState, type FormEvent } from 'react';
import { EmptyState } from '../../ui/EmptyState';
import { IconSearch } from '../../ui/icons/navigation';
import { InfiniteScroll, useInfiniteList } from '../../ui/InfiniteScroll';
import { SearchField } from '../../ui/SearchField';
import { Spinner } from '../../ui/Spinner';
import { lookupPostcodes, POSTCODE_QUERY_MIN_LENGTH, POSTCODE_TEXT, type PostcodeData, type PostcodePage } from './lookup';
import styles from './Postcode.module.css';

type Address = PostcodePage['list'][number];

export interface PostcodeSearchProps {
  initialQuery?: string;
  onSelect: (data: PostcodeData) => void;
  onSearch?: ((result: { q: string; count: number }) => void) | undefined;
}

function normalise(query: string): string {
  return query.trim().replace(/\s+/g, ' ');
}

export function PostcodeSearch({ initialQuery = '', onSelect, onSearch }: PostcodeSearchProps) {
  const [term, setTerm] = useState(initialQuery);
  const [query, setQuery] = useState(() => (normalise(initialQuery).length >= POSTCODE_QUERY_MIN_LENGTH ? normalise(initialQuery) : ''));
  const [tooShort, setTooShort] = useState(false);
  const [count, setCount] = useState<number | null>(null);

  const list = useInfiniteList<Address>({
    enabled: query !== '',
    resetKey: query,
    fetchPage: async ({ page, signal }) => {
      const result = await lookupPostcodes(query, page, signal);
      if (page === 1) {
        setCount(result.paging.dataCnt);
        onSearch?.({ q: query, count: result.paging.dataCnt });
      }
      return { items: result.list, done: page >= result.paging.pageCnt };
    },
  });

  function search(text: string) {
    const next = normalise(text);
    if ([...next].length < POSTCODE_QUERY_MIN_LENGTH) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    setCount(null);
    if (next === query) list.reload();
    else setQuery(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    search(term);
  }

  return (
    <div className={styles.widget}>
      <form role="search" className={styles.searchRow} onSubmit={submit}>
        <SearchField
          size="lg"
          value={term}
          onChange={(value) => {
            setTerm(value);
            setTooShort(false);
          }}
          onClear={() => setTerm('')}
          label={POSTCODE_TEXT.placeholder}
          maxLength={80}
          autoFocus
        />
        <button type="submit" className={styles.submit}>
          {POSTCODE_TEXT.submit}
        </button>
      </form>
      {tooShort && (
        <p className={styles.notice} role="alert">
          {POSTCODE_TEXT.tooShort}
        </p>
      )}

      {query === '' ? (
        <section className={styles.tips} aria-label={POSTCODE_TEXT.tipsTitle}>
          <h3 className={styles.tipsTitle}>{POSTCODE_TEXT.tipsTitle}</h3>
          <ul className={styles.tipList}>
            {POSTCODE_TEXT.tips.map((tip) => (
              <li key={tip.label} className={styles.tip}>
                <span className={styles.tipLabel}>{tip.label}</span>
                <button
                  type="button"
                  className={styles.tipExample}
                  onClick={() => {
                    setTerm(tip.example);
                    search(tip.example);
                  }}
                >
                  예) {tip.example}
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <>
          {count !== null && count > 0 && <p className={styles.count}>{POSTCODE_TEXT.count(count)}</p>}
          <InfiniteScroll
            list={list}
            placeholder={
              <div className={styles.loading}>
                <Spinner size={26} />
              </div>
            }
            empty={<EmptyState message={POSTCODE_TEXT.empty} description={POSTCODE_TEXT.emptyHint} icon={<IconSearch size={30} />} />}
          >
            <ul className={styles.results} aria-label="주소 검색 결과">
              {list.items.map((address) => (
                <li key={address.roadAddress}>
                  <button type="button" className={styles.result} onClick={() => onSelect({ ...address, query })}>
                    <span className={styles.zonecode}>{address.zonecode}</span>
                    <span className={styles.road}>
                      {address.roadAddress}
                      {address.buildingName !== '' && <span className={styles.building}> ({address.buildingName})</span>}
                    </span>
                    <span className={styles.jibun}>
                      <span className={styles.jibunTag}>{POSTCODE_TEXT.jibun}</span>
                      {address.jibunAddress}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </InfiniteScroll>
        </>
      )}
    </div>
  );
}
