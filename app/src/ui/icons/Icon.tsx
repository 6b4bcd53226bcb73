// A small inline-SVG icon set (24 x 24 grid, 1.8 px strokes in currentColor): how an icon is drawn. The icons
// themselves are by meaning: navigation.tsx, status.tsx, actions.tsx. Icons are decorative by default
// (aria-hidden); pass `title` when an icon is the only content of a control without a label.
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
