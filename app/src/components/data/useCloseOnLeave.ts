// A page's drawer closes when the page goes away: unmounted, or hidden as a kept-alive page (its effects
// are cleaned up then), so a sheet opened for one market never stays over the next page.
import { useEffect } from 'react';
import { closeDrawer, type DrawerName } from '../../stores/drawers';
import { uiState } from '../../stores/ui';

export function useCloseOnLeave(name: DrawerName, marketUID: string): void {
  useEffect(
    () => () => {
      if (uiState.drawers[name]?.params.marketUID === marketUID) closeDrawer(name);
    },
    [name, marketUID],
  );
}
