// The account card's second line (the login prompt '간편 로그인으로 더 편하게 이용해요', or the e-mail) must
// wrap: on one line it was cut at 390 and 375 px ('간편 로그인으로 더 편하게 이용…'). jsdom lays nothing out,
// so this reads the rule the browser applies; in Chromium the prompt takes two lines, uncut, at both widths.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A path, not a URL object: the jsdom environment's URL is not the one node:fs takes.
const css = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'Setting.module.css'), 'utf8');

/** The declarations of the rule for exactly `selector`, by property. */
function declarations(selector: string): Map<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = new RegExp(`(?:^|\\})\\s*(?:/\\*[^]*?\\*/\\s*)*${escaped}\\s*\\{([^}]*)\\}`).exec(css)?.[1];
  if (body === undefined) throw new Error(`no rule for ${selector} in Setting.module.css`);
  return new Map([...body.matchAll(/([\w-]+)\s*:\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

describe('the account card', () => {
  it('lets its second line wrap to two lines and cuts only past them', () => {
    const line = declarations('.accountEmail');
    expect(line.get('white-space') ?? 'normal').toBe('normal');
    expect(line.get('-webkit-line-clamp')).toBe('2');
    expect(line.get('display')).toBe('-webkit-box');
    expect(line.get('-webkit-box-orient')).toBe('vertical');
    // A long e-mail has no space to break at.
    expect(line.get('overflow-wrap')).toBe('anywhere');
  });
});
