// WCAG 2.x contrast of two sRGB colours, and the text colour that reads on a colour chosen at run time (the
// buyer's or seller's own card colour on My and Edit buyer info). The app's fixed pairs are in styles/tokens.css (docs/decisions/contrast.md).

/** Dark ink for text on light fills such as the brand mint (styles/tokens.css --color-on-primary). */
export const INK = '#0b2e28';

function channels(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two #rgb/#rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Text colour for `background`: white when it reaches 4.5:1, else the dark ink, else black (mid greys, where
 * only black reaches 4.5:1; one of white and black always does).
 */
export function inkOn(background: string): string {
  if (contrastRatio('#ffffff', background) >= 4.5) return '#ffffff';
  return contrastRatio(INK, background) >= 4.5 ? INK : '#000000';
}
