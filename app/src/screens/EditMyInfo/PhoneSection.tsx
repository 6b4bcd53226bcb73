// The buyer's phone with its verification (SPEC.md sections 4, 5 and 8): request a code (toast
// '인증번호가 발송되었습니다'), a 300 s countdown during which '재발송' waits, then the 6-digit code
// ('인증이 완료되었습니다.'). A Chinese number skips the SMS step. The phone is stored only by the
// verification, never by the form's save.
import {
  canResendVerificationCode,
  formatPhoneForDisplay,
  needsSmsVerification,
  PHONE_VERIFICATION_TOASTS,
  phoneToE164,
  validatePhone,
  validateVerificationCode,
  verificationSecondsLeft,
} from '@creator-market/sdk/domain';
import { useState } from 'react';
import { api } from '../../api/client';
import { now as appNow } from '../../api/clock';
import { presentError } from '../../services/errors';
import { useNow } from '../../components/data/useNow';
import { TextField } from '../../features/forms/FormField';
import { PhoneField, phoneValueOf, type PhoneValue } from '../../features/forms/PhoneField';
import { VerifiedValue } from '../../features/forms/VerifiedValue';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/Toast';
import { digitsOnly } from './form';
import styles from './EditMyInfo.module.css';

export const PHONE_TEXT = {
  label: '휴대폰 번호',
  request: '인증번호 받기',
  resend: '재발송',
  register: '등록',
  verified: '인증된 번호',
  change: '변경',
  changeLabel: '휴대폰 번호 변경',
  cancelChange: '변경 취소',
  code: '인증번호',
  codePlaceholder: '숫자 6자리',
  confirm: '확인',
  confirmLabel: '인증번호 확인',
  timeLeft: (seconds: number) => `남은 시간 ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
  expired: '인증 시간이 지났어요. 재발송을 눌러주세요.',
} as const;

export interface PhoneSectionProps {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  /** A new phone is being entered in place of the verified one. */
  changing: boolean;
  onChanging: (changing: boolean) => void;
  /** The form's message for the field (on save). */
  error?: string | undefined;
  /** The account's verified phone (E.164). */
  verifiedPhone: string | null | undefined;
  onVerified: (phone: string) => void;
}

export function PhoneSection({ value, onChange, changing, onChanging, error, verifiedPhone, onVerified }: PhoneSectionProps) {
  const now = useNow(1000);
  const [sent, setSent] = useState<{ phone: string; issuedAt: number } | null>(null);
  const [code, setCode] = useState('');
  const [phoneMessage, setPhoneMessage] = useState<string | null>(null);
  const [codeMessage, setCodeMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const locked = Boolean(verifiedPhone) && !changing;
  const phone = phoneToE164(value.country, value.number);
  // A code belongs to the number it was sent to.
  const pending = sent !== null && sent.phone === phone ? sent : null;
  // The ticking clock may lag the moment the code was sent by up to a second.
  const current = Math.max(now, pending?.issuedAt ?? now);
  const secondsLeft = pending ? verificationSecondsLeft(pending.issuedAt, current) : 0;
  const mayRequest = pending === null || canResendVerificationCode(pending.issuedAt, current);
  const smsStep = needsSmsVerification(value.country);

  function finish(verifiedNumber: string) {
    toast(PHONE_VERIFICATION_TOASTS.verified, { type: 'success' });
    setSent(null);
    setCode('');
    setCodeMessage(null);
    onVerified(verifiedNumber);
  }

  async function request() {
    const problem = validatePhone({ country: value.country, number: value.number, ownPhone: verifiedPhone ?? null });
    setPhoneMessage(problem);
    if (problem || phone === null || busy || !mayRequest) return;
    setBusy(true);
    try {
      if (!smsStep) {
        await api.post('/user/valid-phone', { body: { phone, isRequestSMS: false } });
        finish(phone);
        return;
      }
      await api.post('/user/valid-phone', { body: { phone, isRequestSMS: true } });
      setSent({ phone, issuedAt: appNow() });
      setCode('');
      setCodeMessage(null);
      toast(PHONE_VERIFICATION_TOASTS.codeSent, { type: 'success' });
    } catch (failure) {
      void presentError(failure, { operation: 'validatePhone' });
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    if (!pending || busy) return;
    const problem = validateVerificationCode({ code, issuedAt: pending.issuedAt, now: appNow() });
    setCodeMessage(problem);
    if (problem) return;
    setBusy(true);
    try {
      await api.post('/user/valid-phone', { body: { phone: pending.phone, code, isRequestSMS: false } });
      finish(pending.phone);
    } catch (failure) {
      void presentError(failure, { operation: 'validatePhone' });
    } finally {
      setBusy(false);
    }
  }

  function stopChanging() {
    setSent(null);
    setPhoneMessage(null);
    onChanging(false);
    onChange(phoneValueOf(verifiedPhone));
  }

  if (locked) {
    return (
      <div className={styles.field}>
        <span className={styles.fieldLabel}>{PHONE_TEXT.label}</span>
        <VerifiedValue
          label={PHONE_TEXT.verified}
          value={formatPhoneForDisplay(verifiedPhone)}
          action={
            <Button
              variant="secondary"
              size="sm"
              aria-label={PHONE_TEXT.changeLabel}
              onClick={() => {
                onChanging(true);
                onChange({ country: value.country, number: '' });
              }}
            >
              {PHONE_TEXT.change}
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <>
      <PhoneField
        label={PHONE_TEXT.label}
        value={value}
        onChange={(next) => {
          setPhoneMessage(null);
          onChange(next);
        }}
        error={phoneMessage ?? error}
        aside={
          <Button
            variant="secondary"
            className={styles.sideButton}
            disabled={!mayRequest}
            loading={busy && pending === null}
            onClick={() => void request()}
          >
            {pending ? PHONE_TEXT.resend : smsStep ? PHONE_TEXT.request : PHONE_TEXT.register}
          </Button>
        }
      />
      {verifiedPhone && (
        <button type="button" className={styles.textButton} onClick={stopChanging}>
          {PHONE_TEXT.cancelChange}
        </button>
      )}
      {pending && (
        <TextField
          label={PHONE_TEXT.code}
          value={code}
          onChange={(next) => {
            setCodeMessage(null);
            setCode(digitsOnly(next, 6));
          }}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={PHONE_TEXT.codePlaceholder}
          error={codeMessage}
          hint={
            <span className={secondsLeft === 0 ? styles.expired : styles.timer}>
              {secondsLeft === 0 ? PHONE_TEXT.expired : PHONE_TEXT.timeLeft(secondsLeft)}
            </span>
          }
          aside={
            <Button className={styles.sideButton} aria-label={PHONE_TEXT.confirmLabel} loading={busy} onClick={() => void verify()}>
              {PHONE_TEXT.confirm}
            </Button>
          }
        />
      )}
    </>
  );
}
