// The order memo box of the receipt screen: the buyer's memo to the seller, editable only while the sdk
// allows it (latest status <= 1 and packaging not started); saved with POST /receipt/memo.
import { LIMITS, RESULT_TOASTS, validateOrderMemo } from '@creator-market/sdk/domain';
import { useId, useState } from 'react';
import { api } from '../../api/client';
import { presentError } from '../../services/errors';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/Toast';
import type { Receipt } from './receiptData';
import styles from './Receipt.module.css';

/** The order memo's limit (the contract's, for the order and the memo update). */
const MEMO_MAX_LENGTH = LIMITS.orderMemoMaxLength;

export const MEMO_TEXT = {
  title: '주문 메모',
  placeholder: '주문 메모를 입력해주세요',
  empty: '남긴 메모가 없어요',
  /** The counter under the field: how much of the limit is used. */
  count: (length: number, max: number) => `${length.toLocaleString('ko-KR')}/${max.toLocaleString('ko-KR')}자`,
  edit: '수정',
  save: '저장',
  cancel: '취소',
} as const;

export interface MemoBoxProps {
  receipt: Receipt;
  editable: boolean;
  onSaved: (receipt: Receipt) => void;
  /** After a refused save: the order changed meanwhile, load it again. */
  onFailed: () => void;
}

export function MemoBox({ receipt, editable, onSaved, onFailed }: MemoBoxProps) {
  const fieldId = useId();
  const errorId = useId();
  const countId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(receipt.memo);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function startEditing() {
    setDraft(receipt.memo);
    setError(null);
    setEditing(true);
  }

  async function save() {
    const message = validateOrderMemo(draft);
    setError(message);
    if (message) return;
    setSaving(true);
    try {
      const next = await api.post('/receipt/memo', { body: { id: receipt.publicId, memo: draft.trim() } });
      onSaved(next);
      setEditing(false);
      toast(RESULT_TOASTS.saved, { type: 'success' });
    } catch (failure) {
      void presentError(failure, { operation: 'updateReceiptMemo' });
      onFailed();
    } finally {
      setSaving(false);
    }
  }

  const showEditor = editing && editable;
  return (
    <section className={styles.memo} aria-labelledby={`${fieldId}-title`}>
      <div className={styles.memoHead}>
        <h2 id={`${fieldId}-title`} className={styles.memoTitle}>
          {MEMO_TEXT.title}
        </h2>
        {editable && !showEditor && (
          <button type="button" className={styles.textButton} onClick={startEditing}>
            {MEMO_TEXT.edit}
          </button>
        )}
      </div>
      {showEditor ? (
        <>
          <textarea
            id={fieldId}
            className={styles.textarea}
            aria-label={MEMO_TEXT.title}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${countId}` : countId}
            placeholder={MEMO_TEXT.placeholder}
            maxLength={MEMO_MAX_LENGTH}
            rows={4}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <p id={countId} className={styles.memoCount}>
            {MEMO_TEXT.count(draft.length, MEMO_MAX_LENGTH)}
          </p>
          {error && (
            <p id={errorId} className={styles.fieldError} role="alert">
              {error}
            </p>
          )}
          <div className={styles.memoActions}>
            <Button variant="secondary" size="sm" onClick={() => setEditing(false)} disabled={saving}>
              {MEMO_TEXT.cancel}
            </Button>
            <Button size="sm" onClick={() => void save()} loading={saving}>
              {MEMO_TEXT.save}
            </Button>
          </div>
        </>
      ) : (
        <p className={receipt.memo ? styles.memoText : styles.memoEmpty}>{receipt.memo || MEMO_TEXT.empty}</p>
      )}
    </section>
  );
}
