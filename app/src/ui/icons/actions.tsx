// The controls within a screen: subscribe and alarms (bell, heart, star), share and copy, check, more, add and
// remove, a row's or a month's way on (chevron) and go-to-top.
import { createIcon, solid, type IconProps } from './Icon';

export const IconBell = createIcon('Bell', (filled) => (
  <>
    <path d="M6 16.5V11a6 6 0 1 1 12 0v5.5l1.5 1.8h-15z" fill={solid(filled)} />
    <path d="M10 20.6a2.1 2.1 0 0 0 4 0" />
  </>
));

export const IconShare = createIcon('Share', () => (
  <path d="M12 3.5v11.5M8 7.5l4-4 4 4M6.5 11H6a1.5 1.5 0 0 0-1.5 1.5v6A1.5 1.5 0 0 0 6 20h12a1.5 1.5 0 0 0 1.5-1.5v-6A1.5 1.5 0 0 0 18 11h-.5" />
));

export const IconHeart = createIcon('Heart', (filled) => (
  <path d="M12 20.3 4.8 13.4a4.6 4.6 0 0 1 6.5-6.6l.7.7.7-.7a4.6 4.6 0 0 1 6.5 6.6z" fill={solid(filled)} />
));

export const IconStar = createIcon('Star', (filled) => (
  <path d="M12 3.3 14.3 9.4l6.5.3-5.1 4.1 1.8 6.3L12 16.5l-5.5 3.6 1.8-6.3-5.1-4.1 6.5-.3z" fill={solid(filled)} />
));

export const IconCopy = createIcon('Copy', () => (
  <>
    <rect x="8.5" y="8.5" width="11.5" height="11.5" rx="2" />
    <path d="M15.5 8.5V6A2 2 0 0 0 13.5 4H6a2 2 0 0 0-2 2v7.5a2 2 0 0 0 2 2h2.5" />
  </>
));

export const IconCheck = createIcon('Check', () => <path d="m5 12.5 4.5 4.5L19 7.5" />);

export const IconMore = createIcon('More', () => (
  <>
    <circle cx="5.5" cy="12" r="1.4" fill="currentColor" stroke="none" />
    <circle cx="12" cy="12" r="1.4" fill="currentColor" stroke="none" />
    <circle cx="18.5" cy="12" r="1.4" fill="currentColor" stroke="none" />
  </>
));

export const IconPlus = createIcon('Plus', () => <path d="M12 5v14M5 12h14" />);

export const IconMinus = createIcon('Minus', () => <path d="M5 12h14" />);

export const IconArrowUp = createIcon('ArrowUp', () => <path d="M12 19.5v-15m-6 6 6-6 6 6" />);

export type ChevronDirection = 'left' | 'right' | 'up' | 'down';
const chevronRotation: Record<ChevronDirection, number> = { right: 0, down: 90, left: 180, up: 270 };

export function IconChevron({ direction = 'right', style, ...props }: IconProps & { direction?: ChevronDirection }) {
  return <ChevronShape {...props} style={{ transform: `rotate(${chevronRotation[direction]}deg)`, ...style }} />;
}
const ChevronShape = createIcon('Chevron', () => <path d="m9.5 5.5 6.5 6.5-6.5 6.5" />);
