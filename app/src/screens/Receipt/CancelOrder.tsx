// The buyer's cancel (SPEC.md sections 4 and 5): a drawer asking the reason, then status 10 with it
// (POST /receipt/change-status). Offered only while the order is neither paid nor cancelled; the pay page's
// '결제 불가' dialog cancels through `cancelOrder` with its fixed reason.
import { BUYER_CANCEL_STATUS, validateCancelReason } from '@creator-market/sdk/domain';
import { useId, useState } from 'react';
import { api } from '../../api/client';
import { presentError } from '../../services/errors';
import { closeDrawer, openDrawer } from '../../stores/drawers';
import { Drawer } from '../../ui/BottomSheet';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/Toast';
import type { Receipt } from './receiptData';
import styles from './Receipt.module.css';

export const CANCEL_DRAWER = 'receiptCancel';

export const CANCEL_TEXT = {
  open: '주문 취소',
  title: '주문 취소',
  reasonLabel: '취소 사유',
  placeholder: '주문 취소 사유를 입력해주세요',
  confirm: '주문 취소',
  done: '주문이 취소되었어요',
} as const;

const REASON_MAX_LENGTH = 200;

/**
 * Cancels the order with `reason`. Resolves with the cancelled receipt, or null when it was refused (the
 * catalogue has shown why; the caller loads the order again).
 */
export async function cancelOrder(publicId: string, reason: string): Promise<Receipt | null> {
  try {
    const receipt = await api.post('/receipt/change-status', {
      params: { query: { id: publicId } },
      body: { status: BUYER_CANCEL_STATUS, msg: reason },
    });
    toast(CANCEL_TEXT.done, { type: 'success' });
    return receipt;
  } catch (error) {
    void presentError(error, { operation: 'changeReceiptStatus' });
    return null;
  }
}

export function openCancelDrawer(): void {
  openDrawer(CANCEL_DRAWER);
}

export function CancelOrderDrawer({ publicId, onDone }: { publicId: string; onDone: (receipt: Receipt | null) => void }) {
  return (
    <Drawer name={CANCEL_DRAWER} title={CANCEL_TEXT.title} showClose>
      <CancelForm publicId={publicId} onDone={onDone} />
    </Drawer>
  );
}

function CancelForm({ publicId, onDone }: { publicId: string; onDone: (receipt: Receipt | null) => void }) {
  const fieldId = useId();
  const errorId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit() {
    const message = validateCancelReason(reason);
    setError(message);
    if (message) return;
    setSending(true);
    const receipt = await cancelOrder(publicId, reason.trim());
    setSending(false);
    closeDrawer(CANCEL_DRAWER);
    onDone(receipt);
  }

  return (
    <div className={styles.cancelForm}>
      <label htmlFor={fieldId} className={styles.fieldLabel}>
        {CANCEL_TEXT.reasonLabel}
      </label>
      <textarea
        id={fieldId}
        className={styles.textarea}
        placeholder={CANCEL_TEXT.placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        maxLength={REASON_MAX_LENGTH}
        rows={4}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      {error && (
        <p id={errorId} className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
      <Button block size="lg" destructive onClick={() => void submit()} loading={sending}>
        {CANCEL_TEXT.confirm}
      </Button>
    </div>
  );
}
