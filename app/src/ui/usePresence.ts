import { useEffect, useState } from 'react';

/**
 * Whether an element that is `visible` should still be in the DOM: true while shown, and for `exitMs`
 * after it is hidden, so its exit animation can play before it unmounts.
 */
export function usePresence(visible: boolean, exitMs: number): boolean {
  const [rendered, setRendered] = useState(visible);
  // Shown again: present at once (set while rendering it); hidden: gone after the exit animation.
  if (visible && !rendered) setRendered(true);
  useEffect(() => {
    if (visible) return;
    const timer = setTimeout(() => setRendered(false), exitMs);
    return () => clearTimeout(timer);
  }, [visible, exitMs]);
  return visible || rendered;
}
