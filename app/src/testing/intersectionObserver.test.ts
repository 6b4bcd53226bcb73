// The IntersectionObserver stand-in behaves as a browser's where tests rely on it: an element said to be
// in view is reported to an observer that starts watching it afterwards (a browser reports the current
// state on observe), so a test need not race the effect that starts observing.
import { expect, test, vi } from 'vitest';
import { setIntersecting } from './intersectionObserver';

test('an element said to be in view is reported to observers that start watching it later, once', async () => {
  const element = document.createElement('span');
  setIntersecting(element, true);
  const seen = vi.fn<(states: boolean[]) => void>();
  const observer = new IntersectionObserver((entries) => seen(entries.map((entry) => entry.isIntersecting)));
  observer.observe(element);
  await vi.waitFor(() => expect(seen).toHaveBeenCalledWith([true]));
  setIntersecting(element, false);
  expect(seen).toHaveBeenLastCalledWith([false]);
  expect(seen).toHaveBeenCalledTimes(2);
  observer.disconnect();
});

test('an element never said to be in view, or watched no longer, is not reported', async () => {
  const element = document.createElement('span');
  const seen = vi.fn();
  const observer = new IntersectionObserver(seen);
  observer.observe(element);
  const other = document.createElement('span');
  setIntersecting(other, true);
  observer.observe(other);
  observer.unobserve(other);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(seen).not.toHaveBeenCalled();
  observer.disconnect();
});
