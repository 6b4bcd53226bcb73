// Keyboard focus in modal overlays (the confirm/alert dialog and bottom sheets): the top one keeps Tab and
// Shift+Tab inside itself, and on close focus goes back to what had it before it opened (WCAG 2.4.3).
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open modal containers, the last one on top. */
const stack: HTMLElement[] = [];
/** The element that last had focus: a button that turned disabled while it worked (and so dropped focus) opened the overlay. */
let lastFocused: HTMLElement | null = null;

const isRadio = (element: Element): element is HTMLInputElement => element instanceof HTMLInputElement && element.type === 'radio';

/** The Tab stops in `container`: of a named radio group only the checked radio (or the first), as browsers do. */
function focusablesIn(container: HTMLElement): HTMLElement[] {
  const all = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[hidden], [inert]'));
  return all.filter((element) => {
    if (!isRadio(element) || !element.name) return true;
    const group = all.filter((other): other is HTMLInputElement => isRadio(other) && other.name === element.name);
    return element === (group.find((radio) => radio.checked) ?? group[0]);
  });
}

function onFocusIn(event: FocusEvent) {
  if (event.target instanceof HTMLElement) lastFocused = event.target;
}

function onKeyDown(event: KeyboardEvent) {
  const top = stack[stack.length - 1];
  if (!top || event.key !== 'Tab' || event.defaultPrevented) return;
  const items = focusablesIn(top);
  const active = document.activeElement;
  const inside = active instanceof Node && top.contains(active);
  if (items.length === 0) {
    event.preventDefault();
    top.focus();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  if (event.shiftKey && (!inside || active === first || active === top)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Makes `container` the top modal: focus moves to `initial` (default the container, which needs tabIndex -1)
 * and Tab stays inside until the returned release is called, which gives focus back.
 */
export function holdFocus(container: HTMLElement, initial?: HTMLElement | null): () => void {
  const active = document.activeElement;
  const previous = active instanceof HTMLElement && active !== document.body ? active : lastFocused;
  stack.push(container);
  (initial ?? container).focus({ preventScroll: true });
  return () => {
    const index = stack.indexOf(container);
    if (index >= 0) stack.splice(index, 1);
    if (previous?.isConnected) giveFocusBack(previous);
  };
}

/** How long a control disabled while the overlay was open may take to be enabled again and get focus back. */
const REFOCUS_WAIT_MS = 5000;

/**
 * Focus back to `target`. A control busy while the overlay was open (a subscribe button disabled while the
 * login prompt it opened is up) cannot take focus when the overlay closes: it gets it once it is enabled
 * again, unless focus has gone somewhere else meanwhile.
 */
function giveFocusBack(target: HTMLElement): void {
  target.focus({ preventScroll: true });
  if (document.activeElement === target || !target.matches(':disabled')) return;
  const observer = new MutationObserver(() => {
    if (target.matches(':disabled')) return;
    stop();
    const active = document.activeElement;
    if (target.isConnected && (active === null || active === document.body)) target.focus({ preventScroll: true });
  });
  const timer = setTimeout(() => stop(), REFOCUS_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(target, { attributes: true, attributeFilter: ['disabled'] });
}

// From the start, not from the first overlay: the opener of the first one may have dropped focus already.
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', onFocusIn, true);
  document.addEventListener('keydown', onKeyDown);
}
