// A small inline-SVG icon set (24 x 24 grid, 1.8 px strokes in currentColor). Icons are decorative by
// default (aria-hidden); pass `title` when an icon is the only content of a control without a label.
// This module holds the icons the app shell (tab bar, app bar) and the home screen draw; the others are MoreIcons.tsx, so
// that the start scripts do not carry them (a module is bundled whole; home route JS budget).
import type { ReactNode, SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  size?: number;
  /** Solid version (active tab, subscribed heart, pinned star). */
  filled?: boolean;
  title?: string;
}

export function createIcon(name: string, draw: (filled: boolean) => ReactNode) {
  function Icon({ size = 24, filled = false, title, strokeWidth = 1.8, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
        {...rest}
      >
        {draw(filled)}
      </svg>
    );
  }
  Icon.displayName = `Icon${name}`;
  return Icon;
}

export const solid = (filled: boolean) => (filled ? 'currentColor' : 'none');

export const IconBack = createIcon('Back', () => <path d="M15 4.5 7.5 12l7.5 7.5" />);

export const IconClose = createIcon('Close', () => <path d="M6 6l12 12M18 6 6 18" />);

export const IconHome = createIcon('Home', (filled) => (
  <path d="M3.5 10.2 12 3.5l8.5 6.7V19.5a1.5 1.5 0 0 1-1.5 1.5h-4.2v-5.6H9.2V21H5a1.5 1.5 0 0 1-1.5-1.5z" fill={solid(filled)} />
));

export const IconMy = createIcon('My', (filled) => (
  <>
    <circle cx="12" cy="8" r="4" fill={solid(filled)} />
    <path d="M4 20.5c1.4-3.7 4.4-5.6 8-5.6s6.6 1.9 8 5.6" fill={solid(filled)} />
  </>
));

export const IconCart = createIcon('Cart', (filled) => (
  <>
    <path d="M4.6 8h14.8l-1.1 11.6a1.6 1.6 0 0 1-1.6 1.4H7.3a1.6 1.6 0 0 1-1.6-1.4z" fill={solid(filled)} />
    <path d="M8.8 8V7a3.2 3.2 0 0 1 6.4 0v1" />
  </>
));

export const IconSetting = createIcon('Setting', () => (
  <>
    <path d="M19.23 10.41L21.52 10.8L21.52 13.2L19.23 13.59L18.23 15.99L19.59 17.88L17.88 19.59L15.99 18.23L13.59 19.23L13.2 21.52L10.8 21.52L10.41 19.23L8.01 18.23L6.12 19.59L4.41 17.88L5.77 15.99L4.77 13.59L2.48 13.2L2.48 10.8L4.77 10.41L5.77 8.01L4.41 6.12L6.12 4.41L8.01 5.77L10.41 4.77L10.8 2.48L13.2 2.48L13.59 4.77L15.99 5.77L17.88 4.41L19.59 6.12L18.23 8.01Z" />
    <circle cx="12" cy="12" r="3.1" />
  </>
));

export const IconDownload = createIcon('Download', () => <path d="M12 4v11m-4.5-4.5L12 15l4.5-4.5M5 19.5h14" />);

export const IconSearch = createIcon('Search', () => (
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </>
));

export const IconAlert = createIcon('Alert', () => (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5V13M12 16.4v.1" />
  </>
));

export const IconImage = createIcon('Image', () => (
  <>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2.5" />
    <circle cx="9" cy="10" r="1.6" />
    <path d="m4 17.5 4.6-4.4 3.4 3 3-2.6 5 4.2" />
  </>
));

export const IconBox = createIcon('Box', () => (
  <>
    <path d="M3.8 7.6 12 3.5l8.2 4.1v8.8L12 20.5l-8.2-4.1z" />
    <path d="M3.8 7.6 12 11.7l8.2-4.1M12 11.7v8.8" />
  </>
));

export const IconRefresh = createIcon('Refresh', () => <path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4.5v3.8h-3.8" />);
