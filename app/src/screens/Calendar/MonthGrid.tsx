// The month grid: month title with previous/next, Sunday-first weekday row, and a button per day with a
// dot for markets opening (mint) and closing (red) that day.
import { cx } from '../../ui/cx';
import { IconChevron } from '../../ui/icons/actions';
import { addMonths, monthGrid, type DaySchedule, type Month } from './month';
import styles from './Calendar.module.css';

export const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'] as const;

export interface MonthGridProps {
  month: Month;
  onMonthChange: (month: Month) => void;
  selected: string;
  onSelect: (key: string) => void;
  todayKey: string;
  days: ReadonlyMap<string, DaySchedule>;
}

export function MonthGrid({ month, onMonthChange, selected, onSelect, todayKey, days }: MonthGridProps) {
  const weeks = monthGrid(month);
  return (
    <section className={styles.calendar} aria-label={`${month.year}년 ${month.month + 1}월`}>
      <header className={styles.monthHeader}>
        <button type="button" className={styles.monthButton} aria-label="이전 달" onClick={() => onMonthChange(addMonths(month, -1))}>
          <IconChevron direction="left" size={20} />
        </button>
        <h2 className={styles.monthTitle}>
          {month.year}년 {month.month + 1}월
        </h2>
        <button type="button" className={styles.monthButton} aria-label="다음 달" onClick={() => onMonthChange(addMonths(month, 1))}>
          <IconChevron direction="right" size={20} />
        </button>
      </header>
      <div className={styles.weekdays} aria-hidden="true">
        {WEEKDAYS.map((name, index) => (
          <span key={name} className={cx(index === 0 && styles.sunday, index === 6 && styles.saturday)}>
            {name}
          </span>
        ))}
      </div>
      <div className={styles.grid} role="grid">
        {weeks.map((week) => (
          <div key={week[0]?.key} className={styles.week} role="row">
            {week.map((cell) => {
              const schedule = days.get(cell.key);
              const opens = schedule?.opens.length ?? 0;
              const closes = schedule?.closes.length ?? 0;
              // Read as '14일, 오픈 2': the visible number, then hidden text (an aria-label would not contain the
              // visible text as a word, WCAG 2.5.3).
              const rest = ['일', opens > 0 ? `, 오픈 ${opens}` : '', closes > 0 ? `, 종료 ${closes}` : ''].join('');
              return (
                <button
                  key={cell.key}
                  type="button"
                  role="gridcell"
                  aria-selected={cell.key === selected}
                  data-day={cell.key}
                  className={cx(
                    styles.day,
                    !cell.inMonth && styles.outside,
                    cell.weekday === 0 && styles.sunday,
                    cell.weekday === 6 && styles.saturday,
                    cell.key === todayKey && styles.today,
                    cell.key === selected && styles.selected,
                  )}
                  onClick={() => {
                    onSelect(cell.key);
                    if (!cell.inMonth) onMonthChange({ year: Number(cell.key.slice(0, 4)), month: Number(cell.key.slice(5, 7)) - 1 });
                  }}
                >
                  <span className={styles.dayNumber}>{cell.day}</span>
                  <span className="visually-hidden">{rest}</span>
                  <span className={styles.dots}>
                    {opens > 0 && <span className={cx(styles.dot, styles.dotOpen)} data-dot="open" />}
                    {closes > 0 && <span className={cx(styles.dot, styles.dotClose)} data-dot="close" />}
                  </span>
                </button>
              );
            })}
          </div>
        ))}
      </div>
      <p className={styles.legend}>
        <span className={cx(styles.dot, styles.dotOpen)} /> 오픈
        <span className={cx(styles.dot, styles.dotClose)} /> 종료
      </p>
    </section>
  );
}
