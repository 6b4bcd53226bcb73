// The search bar of the search screens: back button, the term (trimmed on submit; a blank term stays on the
// empty search) in ui/SearchField with its clear button, the submit button.
import { SEARCH_TERM_MAX_LENGTH, searchPath } from '@creator-market/sdk/domain';
import { useState, type FormEvent } from 'react';
import { cx } from '../../ui/cx';
import { IconBack } from '../../ui/icons/navigation';
import { goBack, navigate } from '../../lib/navigation';
import { SearchField } from '../../ui/SearchField';
import styles from './SearchBar.module.css';
import { appPathname } from '../../config/appBase';

export const SEARCH_TEXT = {
  placeholder: '물품, 작가명 검색',
  submit: '검색',
  clear: '검색어 지우기',
  back: '뒤로 가기',
} as const;

export interface SearchBarProps {
  initialTerm?: string;
  autoFocus?: boolean;
  /** Without the back button (under an app bar). */
  withBack?: boolean;
  className?: string;
}

export function SearchBar({ initialTerm = '', autoFocus = false, withBack = true, className }: SearchBarProps) {
  const [term, setTerm] = useState(initialTerm);
  const [shownInitial, setShownInitial] = useState(initialTerm);
  // A new term from the address (another search) replaces what is typed.
  if (shownInitial !== initialTerm) {
    setShownInitial(initialTerm);
    setTerm(initialTerm);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const target = searchPath(term);
    const here = `${appPathname()}${window.location.search}`;
    if (target !== here) navigate(target);
    if (term.trim() === '') setTerm('');
  }

  return (
    <form role="search" className={cx(styles.bar, className)} onSubmit={submit}>
      {withBack && (
        <button type="button" className={styles.back} aria-label={SEARCH_TEXT.back} onClick={() => goBack()}>
          <IconBack size={26} />
        </button>
      )}
      <SearchField
        value={term}
        onChange={setTerm}
        label={SEARCH_TEXT.placeholder}
        clearLabel={SEARCH_TEXT.clear}
        maxLength={SEARCH_TERM_MAX_LENGTH}
        autoFocus={autoFocus}
      />
      <button type="submit" className={styles.submit}>
        {SEARCH_TEXT.submit}
      </button>
    </form>
  );
}
