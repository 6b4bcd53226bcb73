// Shows a paged list's failure through the error catalogue, once per failure (the list itself shows the
// inline retry).
import { useEffect } from 'react';
import { presentError } from '../../services/errors';

export function useListErrors(list: { error: unknown }, operation: string): void {
  useEffect(() => {
    if (list.error !== null) void presentError(list.error, { operation });
  }, [list.error, operation]);
}
