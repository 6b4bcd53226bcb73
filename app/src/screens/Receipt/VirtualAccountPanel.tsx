// The issued virtual account on the pay page (SPEC.md section 4, Pay): bank, number with a copy button,
// holder, amount and deadline with a live countdown, '입금 확인', which asks for the payment result, and once
// that answered pending the warning ('결제 확인 중이에요', after 10 minutes '10분 후에도 확인 중이면 문의주세요'):
// before the buyer says they deposited, nothing is being confirmed yet.
import type { Schemas } from '@creator-market/sdk';
import { formatDateTime, formatWon, latestStatusEntry, paymentPendingWarning, RESULT_TOASTS, toEpochMs } from '@creator-market/sdk/domain';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useNow } from '../../components/data/useNow';
import { Button } from '../../ui/Button';
import { IconCopy } from '../../ui/icons/actions';
import { IconAlert } from '../../ui/icons/status';
import { toast } from '../../ui/Toast';
import { formatCountdown } from './orderText';
import type { Receipt } from './receiptData';
import styles from './Pay.module.css';

export const VBANK_TEXT = {
  title: '입금 계좌',
  copy: '계좌번호 복사',
  holder: '예금주',
  amount: '입금 금액',
  deadline: '입금 기한',
  until: (time: string) => `${time}까지`,
  left: (countdown: string) => `${countdown} 남음`,
  check: '입금 확인',
} as const;

async function copyToClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast(RESULT_TOASTS.copied, { type: 'success' });
  } catch {
    // The clipboard refused (insecure page, permission): nothing was copied, so nothing is claimed.
  }
}

export interface VirtualAccountPanelProps {
  receipt: Receipt;
  /** The pending virtual account of the receipt. */
  payment: Schemas['PaymentResult'];
  /** The holder name, known when the account was issued on this visit. */
  holder: string | null;
  checking: boolean;
  /** '입금 확인' was asked on this visit and the payment result was pending. */
  answeredPending: boolean;
  onCheck: () => void;
  /** The deadline passed: the order can be paid again. */
  onExpired: () => void;
}

export function VirtualAccountPanel({ receipt, payment, holder, checking, answeredPending, onCheck, onExpired }: VirtualAccountPanelProps) {
  const now = useNow(1000);
  const left = toEpochMs(payment.expire) - now;
  const pendingSince = latestStatusEntry(receipt.status)?.timestamp ?? receipt.timestamp;

  const expiredReported = useRef(false);
  const expired = useEffectEvent(() => onExpired());
  useEffect(() => {
    if (left > 0 || expiredReported.current) return;
    expiredReported.current = true;
    expired();
  }, [left]);

  return (
    <section className={styles.vbank} aria-label={VBANK_TEXT.title}>
      <h2 className={styles.vbankTitle}>{VBANK_TEXT.title}</h2>
      <div className={styles.account}>
        <span className={styles.bank}>{payment.name}</span>
        <span className={styles.accountNo}>{payment.no}</span>
        <Button variant="secondary" size="sm" icon={<IconCopy size={16} />} onClick={() => void copyToClipboard(payment.no)}>
          {VBANK_TEXT.copy}
        </Button>
      </div>
      <dl className={styles.vbankRows}>
        {holder && (
          <div>
            <dt>{VBANK_TEXT.holder}</dt>
            <dd>{holder}</dd>
          </div>
        )}
        <div>
          <dt>{VBANK_TEXT.amount}</dt>
          <dd className={styles.amount}>{formatWon(receipt.totalPrice)}</dd>
        </div>
        <div>
          <dt>{VBANK_TEXT.deadline}</dt>
          <dd>
            {VBANK_TEXT.until(formatDateTime(payment.expire, 'YYYY.MM.DD HH:mm'))}
            <span className={styles.countdown} role="timer">
              {VBANK_TEXT.left(formatCountdown(left))}
            </span>
          </dd>
        </div>
      </dl>
      {answeredPending && (
        <p className={styles.pending} role="status">
          <IconAlert size={18} />
          {paymentPendingWarning(pendingSince, now)}
        </p>
      )}
      <Button block size="lg" onClick={onCheck} loading={checking}>
        {VBANK_TEXT.check}
      </Button>
    </section>
  );
}
