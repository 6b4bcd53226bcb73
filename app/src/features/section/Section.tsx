// A titled block of a browsing screen (home sections, profile and market recommendations) with an optional
// '더보기' link to the full list.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cx } from '../../ui/cx';
import { IconChevron } from '../../ui/icons/actions';
import styles from './Section.module.css';

export const SEE_MORE = '더보기';

export interface SectionProps {
  title: ReactNode;
  /** A short line under the title. */
  subtitle?: ReactNode;
  /** The full list (see more). */
  moreHref?: string;
  /** Content that runs edge to edge (horizontal rows); otherwise the content has the page gutter. */
  bleed?: boolean;
  className?: string;
  children: ReactNode;
}

export function Section({ title, subtitle, moreHref, bleed = false, className, children }: SectionProps) {
  return (
    <section className={cx(styles.section, className)}>
      <header className={styles.header}>
        <div className={styles.heading}>
          <h2 className={styles.title}>{title}</h2>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </div>
        {moreHref && (
          <Link href={moreHref} className={styles.more}>
            {SEE_MORE}
            <IconChevron size={14} strokeWidth={2} />
          </Link>
        )}
      </header>
      <div className={bleed ? styles.bleed : styles.body}>{children}</div>
    </section>
  );
}
