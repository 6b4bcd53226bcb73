// The latest value of a prop or state, for callbacks that run later (after an await, from a widget or an
// observer) and must not see the value of the render that created them. Written after each commit, never
// during render, so a render React throws away does not leak into it.
import { useLayoutEffect, useRef } from 'react';

export function useLatest<T>(value: T): { readonly current: T } {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}
