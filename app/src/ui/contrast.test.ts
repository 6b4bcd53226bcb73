// The colour pairs of styles/tokens.css meet WCAG AA (docs/decisions/contrast.md): 4.5:1 for text, 3:1 for
// the focus ring; and the buyer's card colour gets the ink that reads on it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contrastRatio, INK, inkOn } from './contrast';

// A path, not a URL object: the jsdom environment's URL is not the one node:fs takes.
const css = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../styles/tokens.css'), 'utf8');
const declared = new Map([...css.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
/** A token's colour, following var() references. */
function token(name: string): string {
  const value = declared.get(name);
  if (value === undefined) throw new Error(`${name} is not in tokens.css`);
  const ref = /^var\((--[\w-]+)\)$/.exec(value);
  return ref ? token(ref[1]!) : value;
}
const WHITE = '#ffffff';

describe('contrast of the design tokens', () => {
  it('keeps #07D1AE as the brand colour (SPEC §9) with text on it at 4.5:1 or more', () => {
    expect(token('--color-primary').toLowerCase()).toBe('#07d1ae');
    expect(contrastRatio(WHITE, '#07d1ae')).toBeLessThan(2); // why white text on it had to go
    expect(contrastRatio(token('--color-on-primary'), token('--color-primary'))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(token('--color-on-primary'), token('--color-primary-pressed'))).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['--color-primary-text', '--color-surface'],
    ['--color-primary-text', '--color-primary-weak'],
    ['--color-primary-text', '--color-primary-weaker'],
    ['--color-text-secondary', '--color-surface'],
    ['--color-text-secondary', '--gray-50'],
    ['--color-text-secondary', '--gray-100'],
    ['--color-text-tertiary', '--gray-50'],
    ['--color-text-tertiary', '--color-primary-weaker'],
    ['--color-red', '--color-surface'],
    ['--color-red', '--color-red-weak'],
    ['--color-yellow', '--color-yellow-weak'],
    ['--color-green', '--color-green-weak'],
    ['--color-blue', '--color-blue-weak'],
    ['--color-blue', '--color-surface'],
  ])('text %s on %s reaches 4.5:1', (text, background) => {
    expect(contrastRatio(token(text), token(background))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['--color-red', '--color-green', '--color-blue', '--gray-600'])('white text on %s reaches 4.5:1', (fill) => {
    expect(contrastRatio(WHITE, token(fill))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(['--color-surface', '--gray-50', '--gray-100', '--color-primary-weaker'])('the focus ring reaches 3:1 on %s', (background) => {
    expect(contrastRatio(token('--color-focus'), token(background))).toBeGreaterThanOrEqual(3);
  });
});

describe('inkOn', () => {
  it('gives dark ink on the brand mint and on pale colours, white on dark ones', () => {
    expect(inkOn('#07D1AE')).toBe(INK);
    expect(inkOn('#BDB2FF')).toBe(INK);
    expect(inkOn('#191f28')).toBe('#ffffff');
    expect(inkOn('#1b64da')).toBe('#ffffff');
  });

  it('always reaches 4.5:1', () => {
    for (const colour of ['#07d1ae', '#ffd66e', '#ff6b76', '#3182f6', '#8b95a1', '#000000', '#ffffff', '#777777', '#767676', '#7a7a7a'])
      expect(contrastRatio(inkOn(colour), colour)).toBeGreaterThanOrEqual(4.5);
  });
});
