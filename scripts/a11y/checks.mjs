// The checks the accessibility run makes on one screen (scripts/a11y/run.mjs): axe-core's WCAG 2.x A/AA and
// best-practice rules, images without an alternative text, controls a keyboard cannot reach, a Tab walk that
// asks every focused element for a visible focus ring, and for an open dialog or drawer: focus inside it,
// Tab and Shift+Tab kept inside, Escape closing it and giving focus back to what opened it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe's rule sets we run: WCAG 2.0-2.2 A and AA, and axe's best practices (reported, gated by impact). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
export const IMPACTS = ['critical', 'serious', 'moderate', 'minor'];
/** A Tab walk stops after this many stops (a home page has hundreds of links; the first ones show the pattern). */
const TAB_STOPS = 25;

/**
 * axe on the page (or within `scope`, a CSS selector). Returns {counts: {critical, serious, ...}, violations:
 * [{id, impact, help, nodes: number, targets: string[]}]}.
 */
export async function runAxe(page, scope) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(
    async ({ tags, scope }) => {
      const result = await /** @type {any} */ (window).axe.run(scope ? { include: [[scope]] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.length,
        targets: v.nodes.map(
          (n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.split('\n').slice(1, 2).join('').trim()}` : ''}`,
        ),
      }));
    },
    { tags: AXE_TAGS, scope },
  );
  const counts = Object.fromEntries(IMPACTS.map((impact) => [impact, 0]));
  for (const v of violations) counts[v.impact ?? 'minor'] += v.nodes;
  return { counts, violations };
}

/** Shared browser-side helpers, installed once per document. */
function installHelpers() {
  if (/** @type {any} */ (window).__a11y) return;
  // A focus style is read the moment focus lands: a transition would still show the style before it.
  const still = document.createElement('style');
  still.textContent = '*, *::before, *::after { transition: none !important; }';
  document.head.append(still);
  const FOCUSABLE =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], [contenteditable="true"], audio[controls], video[controls]';
  const parse = (colour) => {
    const m = /rgba?\(([^)]+)\)/.exec(colour);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    return { r, g, b, a };
  };
  const luminance = ({ r, g, b }) => {
    const lin = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  /** The first opaque background behind `element` (white when none). */
  const backgroundOf = (element) => {
    for (let node = element; node; node = node.parentElement) {
      const bg = parse(getComputedStyle(node).backgroundColor);
      if (bg && bg.a > 0.9) return bg;
    }
    return { r: 255, g: 255, b: 255, a: 1 };
  };
  const describe = (element) => {
    const name = (element.getAttribute('aria-label') || element.textContent || element.getAttribute('placeholder') || '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 40);
    const role = element.getAttribute('role');
    return `${element.tagName.toLowerCase()}${role ? `[role=${role}]` : ''}${name ? ` '${name}'` : ''}`;
  };
  const isFocusable = (element) => element.matches(FOCUSABLE) && element.tabIndex >= 0 && !element.disabled && !element.closest('[inert]');
  /** @type {any} */ (window).__a11y = {
    FOCUSABLE,
    describe,
    isFocusable,
    /**
     * Whether the focused element shows where focus is: an outline or a box-shadow ring of at least 1 px whose
     * colour has 3:1 against the background it is drawn on (WCAG 2.2 2.4.7 and 1.4.11).
     */
    focusRing(element) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || !element.checkVisibility({ visibilityProperty: true }))
        return { ok: false, why: 'focused but not visible' };
      // The ring may be drawn by the element or, for a field inside a styled box (:focus-within), by its parent.
      let why = 'no focus outline or ring';
      for (let node = element, level = 0; node && level < 2; node = node.parentElement, level++) {
        const style = getComputedStyle(node);
        const rings = [];
        if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) {
          rings.push({ colour: parse(style.outlineColor), outside: parseFloat(style.outlineOffset) > 0 });
        }
        // A box-shadow ring: no offset, no blur, a spread of at least 1 px (e.g. 0 0 0 2px).
        for (const shadow of style.boxShadow === 'none' ? [] : style.boxShadow.split(/,(?![^(]*\))/)) {
          const m = /(rgba?\([^)]+\))\s+0px\s+0px\s+0px\s+([\d.]+)px(?!\s*inset)/.exec(shadow);
          if (m && parseFloat(m[2]) >= 1) rings.push({ colour: parse(m[1]), outside: true });
        }
        for (const ring of rings) {
          if (!ring.colour || ring.colour.a === 0) continue;
          const contrast = ratio(ring.colour, backgroundOf(ring.outside ? node.parentElement : node));
          if (contrast >= 3) return { ok: true };
          why = `focus ring rgb(${ring.colour.r}, ${ring.colour.g}, ${ring.colour.b}) is ${contrast.toFixed(2)}:1 on its background`;
        }
      }
      return { ok: false, why };
    },
    /** Visible controls a keyboard cannot reach: a control role or a pointer cursor, no focusable self, ancestor or child. */
    unreachable() {
      const roles = new Set([
        'button',
        'link',
        'checkbox',
        'radio',
        'switch',
        'tab',
        'menuitem',
        'option',
        'slider',
        'spinbutton',
        'textbox',
        'combobox',
      ]);
      const found = [];
      for (const element of Array.from(document.body.querySelectorAll('*'))) {
        const role = element.getAttribute('role');
        const style = getComputedStyle(element);
        const pointer =
          style.cursor === 'pointer' && (!element.parentElement || getComputedStyle(element.parentElement).cursor !== 'pointer');
        if (!roles.has(role) && !pointer) continue;
        if (!element.checkVisibility({ visibilityProperty: true })) continue;
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        if (element.closest('[aria-hidden="true"], [inert]')) continue;
        if (/** @type {HTMLButtonElement} */ (element).disabled || element.getAttribute('aria-disabled') === 'true') continue;
        if (isFocusable(element)) continue;
        const owner = element.parentElement?.closest(FOCUSABLE);
        if (owner && isFocusable(owner)) continue;
        if (Array.from(element.querySelectorAll(FOCUSABLE)).some(isFocusable)) continue;
        if (element instanceof HTMLLabelElement && element.control) continue;
        // A radio or tab in a group with a roving tabindex: the group's current item is the stop, arrows move.
        if (['radio', 'tab', 'option', 'menuitem'].includes(role) && element.parentElement?.querySelector('[tabindex="0"]')) continue;
        found.push(describe(element));
      }
      return found;
    },
    /** Images with no alternative text that are not marked decorative. */
    imagesWithoutAlt() {
      const found = [];
      for (const img of Array.from(document.querySelectorAll('img, [role="img"], svg'))) {
        if (img.closest('[aria-hidden="true"]') || ['presentation', 'none'].includes(img.getAttribute('role'))) continue;
        if (img instanceof HTMLImageElement) {
          if (!img.hasAttribute('alt')) found.push(`img ${img.currentSrc.split('/').pop()?.slice(0, 40) ?? ''}`);
          continue;
        }
        // An svg or role=img needs a name, unless it sits inside a control or text that names it.
        const named = img.getAttribute('aria-label') || img.getAttribute('aria-labelledby') || img.querySelector(':scope > title');
        if (named) continue;
        if (img.tagName.toLowerCase() === 'svg' && img.getAttribute('role') !== 'img') {
          const owner = img.parentElement?.closest('button, a, [role="button"], [role="link"], label');
          if (owner && (owner.getAttribute('aria-label') || owner.textContent?.trim())) continue;
        }
        found.push(describe(img));
      }
      return found;
    },
  };
}

/** Static checks of the screen: images without alt text, controls a keyboard cannot reach. */
export async function staticChecks(page) {
  await page.evaluate(installHelpers);
  return page.evaluate(() => ({
    images: /** @type {any} */ (window).__a11y.imagesWithoutAlt(),
    unreachable: /** @type {any} */ (window).__a11y.unreachable(),
  }));
}

/** The focus ring `locator`'s element shows when focused as keyboard focus: {ok, why?}. */
export async function ringOf(page, locator) {
  await page.evaluate(installHelpers);
  await page.keyboard.press('Shift'); // a key press first: script focus then counts as keyboard focus
  await locator.focus();
  return locator.evaluate((element) => /** @type {any} */ (window).__a11y.focusRing(element));
}

/** What has focus now: {inside: whether it is in `within`, label, ring}. */
function focused(page, within) {
  return page.evaluate((within) => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const container = within ? document.querySelector(within) : null;
    return {
      label: /** @type {any} */ (window).__a11y.describe(element),
      inside: container ? container.contains(element) : true,
      ring: /** @type {any} */ (window).__a11y.focusRing(element),
    };
  }, within);
}

/**
 * Tabs through the screen from its top (TAB_STOPS presses), and asks each stop for a visible focus ring (the
 * page records each focus as it happens, so the presses need no round trip each); then every other Tab stop.
 * Returns {stops, focusable, noRing}.
 */
export async function tabWalk(page) {
  await page.evaluate(installHelpers);
  await page.evaluate(() => {
    /** @type {HTMLElement | null} */ (document.activeElement)?.blur?.();
    window.scrollTo(0, 0);
    const seen = new Map();
    /** @type {any} */ (window).__a11yWalk = seen;
    /** @type {any} */ (window).__a11yWalkStop?.();
    const onFocus = (event) => {
      const element = event.target;
      if (!(element instanceof Element) || seen.has(element)) return;
      seen.set(element, {
        label: /** @type {any} */ (window).__a11y.describe(element),
        ring: /** @type {any} */ (window).__a11y.focusRing(element),
      });
    };
    document.addEventListener('focusin', onFocus, true);
    /** @type {any} */ (window).__a11yWalkStop = () => document.removeEventListener('focusin', onFocus, true);
  });
  for (let i = 0; i < TAB_STOPS; i++) await page.keyboard.press('Tab');
  const stops = await page.evaluate(() => {
    /** @type {any} */ (window).__a11yWalkStop();
    return [.../** @type {any} */ (window).__a11yWalk.values()];
  });
  const noRing = stops.filter((stop) => !stop.ring.ok).map((stop) => `${stop.label}: ${stop.ring.why}`);
  // Past the walk's stops: every other Tab stop of the screen, focused from script right after the keyboard
  // use (so the browser shows it as keyboard focus, :focus-visible), asked for its ring the same way.
  const rest = await page.evaluate(() => {
    const a11y = /** @type {any} */ (window).__a11y;
    const found = [];
    let checked = 0;
    for (const element of Array.from(document.querySelectorAll(a11y.FOCUSABLE))) {
      if (!a11y.isFocusable(element) || !element.checkVisibility({ visibilityProperty: true })) continue;
      if (element.closest('[aria-hidden="true"]')) continue;
      /** @type {HTMLElement} */ (element).focus({ preventScroll: true });
      if (document.activeElement !== element) continue;
      checked += 1;
      const ring = a11y.focusRing(element);
      if (!element.matches(':focus-visible')) found.push(`${a11y.describe(element)}: focus not shown as keyboard focus`);
      else if (!ring.ok) found.push(`${a11y.describe(element)}: ${ring.why}`);
    }
    /** @type {HTMLElement | null} */ (document.activeElement)?.blur?.();
    return { checked, found };
  });
  return { stops: stops.length, focusable: rest.checked, noRing: [...new Set([...noRing, ...rest.found])] };
}

/**
 * An open dialog or drawer (`selector`): focus moved inside, Tab and Shift+Tab keep it inside (past the
 * number of its controls), every stop has a visible ring, Escape closes it and focus goes back to `opener`
 * (a selector of the element that opened it). Returns a list of problems (empty: all good).
 */
/** @param {any} page @param {string} selector @param {{opener?: string}} [options] */
export async function dialogChecks(page, selector, { opener } = {}) {
  await page.evaluate(installHelpers);
  const problems = [];
  const start = await focused(page, selector);
  if (!start || !start.inside) problems.push(`focus did not move into the dialog on open (focus on ${start?.label ?? 'body'})`);
  const controls = await page.evaluate(
    (selector) =>
      [...document.querySelector(selector).querySelectorAll(/** @type {any} */ (window).__a11y.FOCUSABLE)].filter(
        /** @type {any} */ (window).__a11y.isFocusable,
      ).length,
    selector,
  );
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < controls + 2; i++) {
      await page.keyboard.press(key);
      const now = await focused(page, selector);
      if (!now || !now.inside) {
        problems.push(`${key} #${i + 1} left the dialog (focus on ${now?.label ?? 'body'})`);
        break;
      }
      if (!now.ring.ok) problems.push(`${now.label}: ${now.ring.why}`);
    }
  }
  await page.keyboard.press('Escape');
  try {
    await page.locator(selector).waitFor({ state: 'detached', timeout: 3000 });
  } catch {
    problems.push('Escape did not close it');
    return [...new Set(problems)];
  }
  if (opener) {
    const back = await page.evaluate((opener) => {
      const element = document.querySelector(opener);
      if (document.activeElement === element) return null;
      const now =
        document.activeElement && document.activeElement !== document.body
          ? /** @type {any} */ (window).__a11y.describe(document.activeElement)
          : 'the page';
      return element
        ? `focus went to ${now}, not back to ${/** @type {any} */ (window).__a11y.describe(element)} that opened it`
        : `the control that opened it is gone; focus is on ${now}`;
    }, opener);
    if (back) problems.push(back);
  }
  return [...new Set(problems)];
}
