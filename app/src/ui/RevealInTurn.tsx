// Renders a long list of independent parts (the home's sections) a few at first and then one more each time
// the browser is idle: the same work, split into short tasks instead of one long one that blocks input and
// paints while the page loads. Parts are only ever added below the ones shown; `pending` (a placeholder)
// stands after them until the last one is there.
import { Children, startTransition, useEffect, useState, type ReactNode } from 'react';
import { whenIdle } from './idle';

export function RevealInTurn({ first, pending, children }: { first: number; pending: ReactNode; children: ReactNode }) {
  const parts = Children.toArray(children);
  const [shown, setShown] = useState(first);

  useEffect(() => {
    if (shown >= parts.length) return;
    return whenIdle(() => startTransition(() => setShown((count) => count + 1)));
  }, [shown, parts.length]);

  return (
    <>
      {parts.slice(0, shown)}
      {shown < parts.length && pending}
    </>
  );
}
