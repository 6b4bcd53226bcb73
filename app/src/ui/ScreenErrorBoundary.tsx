// Never a blank screen: whatever a screen (or a part loaded later) throws while rendering, most often its
// chunk that could not be loaded (offline for a moment), shows '화면을 불러오지 못했어요' with '다시 시도' in
// its place (or the `fallback` given, for a part the user does not miss) instead of React unmounting the
// whole app. '다시 시도', the browser coming back online, and the boundary shown again (a kept page come back
// to) load failed chunks again (lazyChunk.tsx) and render the children anew. The route view wraps each page
// in one (the app bar of the fallback keeps back and the tab bar stays), main.tsx wraps the root in another,
// and the lazy parts (the overlays, the home's sections and popup ad) have their own.
import { Component, type ReactNode } from 'react';
import { AppBar } from './AppBar';
import { ErrorState } from './EmptyState';
import { retryFailedChunks } from './lazyChunk';

export const SCREEN_ERROR_TEXT = { message: '화면을 불러오지 못했어요' } as const;

interface Props {
  children: ReactNode;
  /** Show an app bar (back) above the message: in the page area, where the screen's own bar is missing. */
  appBar?: boolean;
  /** Shown instead of the message (null: nothing), for a part whose absence leaves the screen usable. */
  fallback?: ReactNode;
  /** A value whose change, while failed, loads again (a toast or dialog asked of overlays that failed). */
  retryKey?: unknown;
}

export class ScreenErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  /** Mounted before: componentDidMount runs again when a hidden kept page is shown (React's <Activity>). */
  private shownBefore = false;

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  // Back online, a failed screen tries again (even while a retry is under way: it may have failed offline);
  // so does a kept page that failed, shown again (not at the first mount: the import has just failed).
  override componentDidMount(): void {
    window.addEventListener('online', this.retry);
    if (this.shownBefore) this.retry();
    this.shownBefore = true;
  }

  override componentDidUpdate(previous: Props): void {
    if (previous.retryKey !== this.props.retryKey) this.retry();
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.retry);
  }

  /** Once failed: loads the failed chunks again, then renders them (the message stays until then, no blank spinner). */
  retry = (): void => {
    if (this.state.failed) void retryFailedChunks().then(() => this.setState({ failed: false }));
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <>
        {this.props.appBar && <AppBar />}
        <ErrorState message={SCREEN_ERROR_TEXT.message} description="" onRetry={this.retry} />
      </>
    );
  }
}
