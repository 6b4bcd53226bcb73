// Text on a profile card in the buyer's or seller's own colour: dark text on light colours, white on dark
// ones (WCAG relative luminance), so a pastel card stays readable.
export function readableTextOn(hex: string): '#191F28' | '#FFFFFF' {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return '#FFFFFF';
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // White wins below ~0.4 (the brand mint #07D1AE keeps white text, like the rest of the app).
  return luminance > 0.45 ? '#191F28' : '#FFFFFF';
}
