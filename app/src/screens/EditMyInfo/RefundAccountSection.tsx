// The refund account (SPEC.md sections 4 and 5): bank and number, verified with the bank (POST
// /user/valid-account, at most once every 3 s); a verified account is shown locked, and confirming a
// change clears it for a new one. 'popbill-error' is the catalogue's '은행 인증 오류'.
import type { Schemas } from '@creator-market/sdk';
import { BANKS, LIMITS, TIMING, validateBankAccount } from '@creator-market/sdk/domain';
import { useRef, useState } from 'react';
import { api } from '../../api/client';
import { presentError } from '../../services/errors';
import { SelectField, TextField } from '../../features/forms/FormField';
import { VerifiedValue } from '../../features/forms/VerifiedValue';
import { Button } from '../../ui/Button';
import { confirm } from '../../ui/Dialog';
import { bankName, digitsOnly, type RefundAccountState } from './form';
import styles from './EditMyInfo.module.css';

export const ACCOUNT_TEXT = {
  bank: '은행',
  bankPlaceholder: '은행 선택',
  number: '계좌번호',
  numberPlaceholder: '숫자만 입력',
  verify: '계좌 인증',
  verified: '인증된 계좌',
  holder: (name: string) => `예금주 ${name}`,
  change: '변경',
  changeLabel: '환불 계좌 변경',
  cancelChange: '변경 취소',
  changeTitle: '환불 계좌 변경',
  changeMessage: '인증된 계좌를 지우고 새 계좌를 입력할까요?',
} as const;

export interface RefundAccountSectionProps {
  value: RefundAccountState;
  onChange: (value: RefundAccountState) => void;
  error?: string | undefined;
  /** The account stored on the account, for the 'already registered' rule. */
  stored: Schemas['BankAccount'] | undefined;
}

export function RefundAccountSection({ value, onChange, error, stored }: RefundAccountSectionProps) {
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lastVerify = useRef(Number.NEGATIVE_INFINITY);

  async function verify() {
    const input = { bank: value.bank, number: value.number };
    const problem = validateBankAccount(input, stored ? { bank: stored.type, number: stored.no } : null);
    setMessage(problem);
    // At most one verification every 3 s (the bank charges per check).
    if (problem || busy || Date.now() - lastVerify.current < TIMING.bankVerifyDebounceMs) return;
    lastVerify.current = Date.now();
    setBusy(true);
    try {
      const account = await api.post('/user/valid-account', { body: { no: value.number, type: value.bank } });
      onChange({ bank: account.type, number: account.no, verified: account });
    } catch (failure) {
      void presentError(failure, { operation: 'validateUserAccount' });
    } finally {
      setBusy(false);
    }
  }

  async function change() {
    const agreed = await confirm({
      title: ACCOUNT_TEXT.changeTitle,
      message: ACCOUNT_TEXT.changeMessage,
      confirmText: ACCOUNT_TEXT.change,
    });
    if (agreed) onChange({ bank: '', number: '', verified: null });
  }

  if (value.verified) {
    const account = value.verified;
    return (
      <VerifiedValue
        label={ACCOUNT_TEXT.verified}
        value={`${bankName(account.type)} ${account.no}`}
        detail={ACCOUNT_TEXT.holder(account.name)}
        action={
          <Button variant="secondary" size="sm" aria-label={ACCOUNT_TEXT.changeLabel} onClick={() => void change()}>
            {ACCOUNT_TEXT.change}
          </Button>
        }
      />
    );
  }

  const shown = message ?? error;
  return (
    <>
      <SelectField
        label={ACCOUNT_TEXT.bank}
        value={value.bank}
        options={[{ value: '', label: ACCOUNT_TEXT.bankPlaceholder }, ...BANKS.map((bank) => ({ value: bank.code, label: bank.name }))]}
        onChange={(bank) => {
          setMessage(null);
          onChange({ ...value, bank });
        }}
      />
      <TextField
        label={ACCOUNT_TEXT.number}
        value={value.number}
        onChange={(next) => {
          setMessage(null);
          onChange({ ...value, number: digitsOnly(next, LIMITS.bankNumberMaxDigits) });
        }}
        inputMode="numeric"
        placeholder={ACCOUNT_TEXT.numberPlaceholder}
        error={shown}
        aside={
          <Button variant="secondary" className={styles.sideButton} loading={busy} onClick={() => void verify()}>
            {ACCOUNT_TEXT.verify}
          </Button>
        }
      />
      {stored && (
        <button
          type="button"
          className={styles.textButton}
          onClick={() => {
            setMessage(null);
            onChange({ bank: stored.type, number: stored.no, verified: stored });
          }}
        >
          {ACCOUNT_TEXT.cancelChange}
        </button>
      )}
    </>
  );
}
