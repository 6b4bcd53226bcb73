// In-app links with the route table's rules (SPEC.md section 2): a path starting with ext/ opens an
// external https page in a new tab, a leading /app is dropped; anything else is an in-app navigation.
import { navigationTarget } from '@creator-market/sdk/domain';
import { navigate } from '../lib/navigation';
import { openExternal } from './platform';

export function go(to: string, options: { replace?: boolean } = {}): void {
  const target = navigationTarget(to);
  if (target.kind === 'external') openExternal(target.url);
  else navigate(target.path, options);
}
