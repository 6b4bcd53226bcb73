// Never a blank screen: whatever a screen throws while rendering (most often its chunk that could not be
// loaded, offline for a moment), the page area shows '화면을 불러오지 못했어요' with '다시 시도' instead of
// React unmounting the whole app. '다시 시도', or the browser coming back online, loads failed screens again
// (lazyScreen.ts) and renders the children anew. The route view wraps each page in one (the app bar of the
// fallback keeps back and the tab bar stays), and main.tsx wraps the root in another.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AppBar } from '../ui/AppBar';
import { ErrorState } from '../ui/EmptyState';
import { retryFailedScreens } from './lazyScreen';

export const SCREEN_ERROR_TEXT = { message: '화면을 불러오지 못했어요' } as const;

interface Props {
  children: ReactNode;
  /** Show an app bar (back) above the message: in the page area, where the screen's own bar is missing. */
  appBar?: boolean;
}

interface State {
  error: unknown;
  failed: boolean;
}

export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidMount(): void {
    window.addEventListener('online', this.onOnline);
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed to render', error, info.componentStack);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.onOnline);
  }

  /** Back online: a failed screen tries again (even while a retry is under way: it may have failed offline). */
  onOnline = (): void => {
    if (this.state.failed) this.retry();
  };

  /** Loads the failed screens again, then renders them: the message stays until then, no blank spinner. */
  retry = (): void => {
    void retryFailedScreens().then(() => this.setState({ error: null, failed: false }));
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <>
        {this.props.appBar && <AppBar />}
        <ErrorState message={SCREEN_ERROR_TEXT.message} description="" onRetry={this.retry} />
      </>
    );
  }
}
