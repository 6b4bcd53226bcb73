// Marks the page's first screen as mounted (uiState.firstScreenMounted), around the route's screen
// (shell/RouterView.tsx, and the tests' renderAt). Its effect runs after the screen's own (a child's effects
// run first, and a lazy screen commits with it), so a screen that leads with an image has marked its first
// view pending by then: what waits for the first view (stores/ui.ts) knows whether to wait.
import { useEffect, type ReactNode } from 'react';
import { uiState } from '../stores/ui';

export function ScreenMounted({ children }: { children: ReactNode }) {
  useEffect(() => {
    uiState.firstScreenMounted = true;
  }, []);
  return children;
}
