// The receipt container (SPEC.md section 2): the app bar with the page's title, a spinner until the order
// has loaded, then the page. A failed load goes through the error catalogue (Not found, or '주문 계정 확인
// 필요' and a new login for another account's order). In the native app's webview the pay page closes
// instead of going back.
import { latestStatus, receiptPermissions, type ReceiptPermissions } from '@creator-market/sdk/domain';
import { useCallback, type ReactNode } from 'react';
import { useParams } from 'wouter';
import { isNativeApp, postToNative } from '../../services/platform';
import { AppBar } from '../../ui/AppBar';
import { ErrorState } from '../../ui/EmptyState';
import { goBack, navigate } from '../../lib/navigation';
import { Spinner } from '../../ui/Spinner';
import {
  RECEIPT_PAGE_TITLES,
  receiptPagePath,
  useReceiptDetail,
  type Receipt,
  type ReceiptDetail,
  type ReceiptLoad,
  type ReceiptPage,
} from './receiptData';
import styles from './Receipt.module.css';

export interface ReceiptPageContext {
  publicId: string;
  detail: ReceiptDetail;
  receipt: Receipt;
  /** The status in force (the latest entry of the status list). */
  status: number | null;
  permissions: ReceiptPermissions;
  refresh: ReceiptLoad['refresh'];
  setReceipt: ReceiptLoad['setReceipt'];
}

/** Closes the native webview the pay page was opened in. */
export function closeWebview(): void {
  postToNative('close');
}

/**
 * How a receipt page is left: the pay page inside the native app was opened as its own webview, so it
 * closes; otherwise back, and when there is no page behind, the order's receipt (the receipt itself: home).
 */
export function useLeavePage(page: ReceiptPage, publicId: string): { left: 'back' | 'close'; leave: () => void } {
  const closes = page === 'pay' && isNativeApp();
  const leave = useCallback(() => {
    if (closes) closeWebview();
    else goBack(() => navigate(page === 'receipt' ? '/' : receiptPagePath('receipt', publicId), { replace: true }));
  }, [closes, page, publicId]);
  return { left: closes ? 'close' : 'back', leave };
}

/** The page's main action, fixed at the bottom (toasts float above it). */
export function BottomBar({ children }: { children: ReactNode }) {
  return (
    <div className={`fixed-in-column ${styles.bottomBar}`} data-bottom-bar="">
      {children}
    </div>
  );
}

export function ReceiptContainer({ page, children }: { page: ReceiptPage; children: (context: ReceiptPageContext) => ReactNode }) {
  const { publicId = '' } = useParams<{ publicId: string }>();
  const { detail, loading, refresh, setReceipt } = useReceiptDetail(publicId);
  const { left, leave } = useLeavePage(page, publicId);

  let content: ReactNode;
  if (detail) {
    const receipt = detail.receiptInfo;
    content = children({
      publicId,
      detail,
      receipt,
      status: latestStatus(receipt.status),
      permissions: receiptPermissions(receipt),
      refresh,
      setReceipt,
    });
  } else if (loading) {
    content = (
      <div className={styles.loading}>
        <Spinner size={32} />
      </div>
    );
  } else {
    content = <ErrorState onRetry={() => void refresh()} />;
  }

  return (
    <div className={styles.page}>
      <AppBar title={RECEIPT_PAGE_TITLES[page]} left={left} onLeft={leave} />
      {content}
    </div>
  );
}
