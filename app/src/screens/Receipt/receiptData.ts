// The receipt pages' data (SPEC.md section 2, Receipt container): one order as `GET /receipt/get/{publicId}`
// answers it, its four pages and how to reach them. Every page fetches the order afresh (a spinner until
// it arrives), and again when its tab is shown again; failures go through the error catalogue (another
// account's order: re-login; otherwise Not found).
import type { Schemas } from '@creator-market/sdk';
import { buildPath } from '@creator-market/sdk/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import { useRefreshWhenShown } from '../../components/data/useRefreshWhenShown';
import { presentError } from '../../services/errors';
import { isNativeApp, openExternal } from '../../services/platform';
import { navigate } from '../../lib/navigation';

export type ReceiptDetail = Schemas['ReceiptDetail'];
export type Receipt = Schemas['Receipt'];

export type ReceiptPage = 'receipt' | 'pay' | 'editOrderInfo' | 'editOrderAddr';

export const RECEIPT_PAGE_TITLES: Record<ReceiptPage, string> = {
  pay: '결제하기',
  receipt: '주문 내역',
  editOrderInfo: '구매자 정보',
  editOrderAddr: '배송 주소',
};

export function receiptPagePath(page: ReceiptPage, publicId: string): string {
  return buildPath(page, { publicId });
}

/**
 * Opens the pay page of an order. In the native app it opens as its own web page (a new webview that closes
 * itself when done, SPEC.md section 4); on the web it is the next page of the app.
 */
export function openPayPage(publicId: string): void {
  const path = receiptPagePath('pay', publicId);
  if (isNativeApp()) openExternal(`${window.location.origin}${path}`);
  else navigate(path);
}

export interface ReceiptLoad {
  detail: ReceiptDetail | null;
  /** True until the first answer or failure. */
  loading: boolean;
  /** Fetches the order again; `quiet` (the status poll) shows no error. Resolves with the new detail, or null. */
  refresh: (options?: { quiet?: boolean }) => Promise<ReceiptDetail | null>;
  /** Takes the receipt an edit call answered. */
  setReceipt: (receipt: Receipt) => void;
}

export function useReceiptDetail(publicId: string): ReceiptLoad {
  const [detail, setDetail] = useState<ReceiptDetail | null>(null);
  const [loading, setLoading] = useState(true);
  const pending = useRef<AbortController | null>(null);

  const refresh = useCallback(
    async ({ quiet = false }: { quiet?: boolean } = {}) => {
      pending.current?.abort();
      const controller = new AbortController();
      pending.current = controller;
      try {
        const next = await api.get('/receipt/get/{publicId}', { params: { path: { publicId } }, signal: controller.signal });
        if (controller.signal.aborted) return null;
        setDetail(next);
        return next;
      } catch (error) {
        if (controller.signal.aborted) return null;
        if (!quiet) void presentError(error, { operation: 'getReceipt' });
        return null;
      } finally {
        if (!controller.signal.aborted) setLoading(false);
      }
    },
    [publicId],
  );

  // Another receipt starts empty and loading (set while rendering the change); the effect fetches it.
  const [detailFor, setDetailFor] = useState(publicId);
  if (publicId !== detailFor) {
    setDetailFor(publicId);
    setDetail(null);
    setLoading(true);
  }
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- refresh sets state only after its request's await
    void refresh();
    return () => pending.current?.abort();
  }, [refresh]);

  // Back from another tab (the seller centre's '결제 확인', the bank): the order as it is now, quietly.
  useRefreshWhenShown(() => void refresh({ quiet: true }));

  const setReceipt = useCallback((receipt: Receipt) => {
    setDetail((current) => (current ? { ...current, receiptInfo: receipt } : current));
  }, []);

  return { detail, loading, refresh, setReceipt };
}
