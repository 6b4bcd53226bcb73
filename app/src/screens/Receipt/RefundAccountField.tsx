// The order's refund account (SPEC.md sections 4 and 5): enter bank and number, verify with the bank
// (POST /receipt/valid-account, at most once every 3 s), then it is locked as verified. Entering another one
// starts from empty fields; the account verified before counts as already registered.
import type { Schemas } from '@creator-market/sdk';
import { BANKS, RESULT_TOASTS, TIMING, validateBankAccount } from '@creator-market/sdk/domain';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import { presentError } from '../../services/errors';
import { SelectField, TextField } from '../../features/forms/FormField';
import { VerifiedValue } from '../../features/forms/VerifiedValue';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { toast } from '../../ui/Toast';
import { bankName } from './orderText';

type BankAccount = Schemas['BankAccount'];

export const REFUND_TEXT = {
  bank: '은행',
  chooseBank: '은행 선택',
  number: '계좌번호',
  numberPlaceholder: '숫자만 입력',
  verify: '계좌 인증',
  verified: '인증 완료',
  change: '다시 입력',
  remember: '내 구매자 정보에도 저장',
} as const;

const BANK_OPTIONS = [{ value: '', label: REFUND_TEXT.chooseBank }, ...BANKS.map((bank) => ({ value: bank.code, label: bank.name }))];

export interface RefundAccountFieldProps {
  publicId: string;
  account: BankAccount;
  editable: boolean;
  onVerified: (account: BankAccount) => void;
}

export function RefundAccountField({ publicId, account, editable, onVerified }: RefundAccountFieldProps) {
  /** The account in force; null while a new one is being entered. */
  const [verified, setVerified] = useState<BankAccount | null>(account);
  /** The last verified account: entering it again is "already registered". */
  const [previous, setPrevious] = useState<BankAccount>(account);
  const [bank, setBank] = useState('');
  const [number, setNumber] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cooldown = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => clearTimeout(cooldown.current ?? undefined), []);

  function enterAnother() {
    if (verified) setPrevious(verified);
    setVerified(null);
    setBank('');
    setNumber('');
    setError(null);
  }

  async function verify() {
    if (busy) return;
    const message = validateBankAccount({ bank, number }, { bank: previous.type, number: previous.no });
    setError(message);
    if (message) return;
    // One verification every 3 s: the button stays busy at least that long.
    setBusy(true);
    const started = Date.now();
    let result: BankAccount | null = null;
    try {
      result = await api.post('/receipt/valid-account', { body: { no: number, type: bank, isRemember: remember, id: publicId } });
    } catch (failure) {
      void presentError(failure, { operation: 'validateReceiptAccount' });
    }
    if (result) {
      setVerified(result);
      setPrevious(result);
      onVerified(result);
      toast(RESULT_TOASTS.saved, { type: 'success' });
    }
    cooldown.current = setTimeout(() => setBusy(false), Math.max(0, TIMING.bankVerifyDebounceMs - (Date.now() - started)));
  }

  if (verified) {
    return (
      <VerifiedValue
        compact
        label={REFUND_TEXT.verified}
        value={`${bankName(verified.type)} ${verified.no}`}
        detail={verified.name}
        action={
          editable && (
            <Button variant="secondary" size="sm" onClick={enterAnother}>
              {REFUND_TEXT.change}
            </Button>
          )
        }
      />
    );
  }

  return (
    <>
      <SelectField label={REFUND_TEXT.bank} value={bank} options={BANK_OPTIONS} onChange={setBank} />
      <TextField
        label={REFUND_TEXT.number}
        value={number}
        onChange={(value) => setNumber(value.replace(/\D/g, ''))}
        inputMode="numeric"
        autoComplete="off"
        maxLength={14}
        placeholder={REFUND_TEXT.numberPlaceholder}
        error={error}
        aside={
          <Button variant="secondary" onClick={() => void verify()} loading={busy}>
            {REFUND_TEXT.verify}
          </Button>
        }
      />
      <Checkbox shape="square" checked={remember} onChange={setRemember} label={REFUND_TEXT.remember} />
    </>
  );
}
