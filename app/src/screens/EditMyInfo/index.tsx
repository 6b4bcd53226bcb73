// Edit buyer info (/edit/myinfo, signed in, SPEC.md section 2, '구매자 정보'): photo and colour, name,
// verified phone, SNS, cash receipt and verified refund account. Saving uploads a changed photo first
// (POST /upload/v2/user-profile), then saves the rest (POST /user): '저장 완료 되었어요', or
// '저장에 실패했습니다.'; with no address yet the buyer goes on to the address form.
import type { Schemas } from '@creator-market/sdk';
import {
  buildPath,
  formatCashReceipt,
  RESULT_TOASTS,
  SNS_DISPLAY_NAMES,
  SNS_EDIT_FORM_ORDER,
  TIMING,
  type CashReceiptKind,
} from '@creator-market/sdk/domain';
import { useRef, useState } from 'react';
import { api } from '../../api/client';
import { presentError } from '../../services/errors';
import { useLoad } from '../../components/data/useLoad';
import { FormSection, SaveBar, SelectField, TextField } from '../../features/forms/FormField';
import { phoneValueOf } from '../../features/forms/PhoneField';
import { session } from '../../stores/session';
import { AppBar } from '../../ui/AppBar';
import { Button } from '../../ui/Button';
import { ErrorState } from '../../ui/EmptyState';
import { goBack, navigate } from '../../lib/navigation';
import { inOrderInfoFlow, ORDER_INFO_FLOW_STATE } from '../../lib/orderInfoFlow';
import { RadioGroup } from '../../ui/Radio';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/Toast';
import { cashReceiptMaxDigits, digitsOnly, formOf, userBody, validateBuyerInfo, type BuyerInfoErrors, type BuyerInfoForm } from './form';
import { PhoneSection } from './PhoneSection';
import { ProfileSection } from './ProfileSection';
import { RefundAccountSection } from './RefundAccountSection';
import styles from './EditMyInfo.module.css';

export const EDIT_MY_INFO_TEXT = {
  title: '구매자 정보',
  profileSection: '프로필',
  buyerSection: '구매자',
  buyerDescription: '주문할 때 판매 작가님께 전달되는 정보예요.',
  name: '이름',
  namePlaceholder: '이름 (띄어쓰기 없이)',
  snsType: 'SNS',
  snsId: 'SNS 아이디',
  snsPlaceholder: '아이디',
  cashSection: '현금영수증',
  cashKinds: { none: '신청 안 함', personal: '개인 소득공제', business: '사업자 지출증빙' },
  cashNo: { none: '', personal: '소득공제용 휴대폰 번호', business: '사업자 등록번호' },
  cashPlaceholder: { none: '', personal: '010-1234-5678', business: '123-45-67890' },
  refundSection: '환불 계좌',
  refundDescription: '무통장 입금 주문이 취소되면 이 계좌로 환불돼요.',
  save: '저장',
} as const;

type User = Schemas['User'];

export default function EditMyInfo() {
  const me = useLoad((signal) => api.get('/user/me', { signal }), [], { operation: 'getMe' });
  return (
    <div className={styles.page}>
      <AppBar title={EDIT_MY_INFO_TEXT.title} />
      {me.data ? (
        <BuyerInfo user={me.data.user} />
      ) : me.error ? (
        <ErrorState onRetry={me.reload} />
      ) : (
        <div className={styles.loading}>
          <Spinner size={28} />
        </div>
      )}
    </div>
  );
}

function BuyerInfo({ user: loaded }: { user: User }) {
  // The stored user: the phone and refund account change with their verifications.
  const [user, setUser] = useState(loaded);
  const [form, setForm] = useState<BuyerInfoForm>(() => formOf(loaded));
  const [errors, setErrors] = useState<BuyerInfoErrors>({});
  const [saving, setSaving] = useState(false);
  const lastSave = useRef(Number.NEGATIVE_INFINITY);

  function change<K extends keyof BuyerInfoForm>(key: K, value: BuyerInfoForm[K], clears?: keyof BuyerInfoErrors) {
    setForm((current) => ({ ...current, [key]: value }));
    if (clears) setErrors((current) => ({ ...current, [clears]: undefined }));
  }

  /** Keeps the session's account in step with what the server now stores. */
  function storeUser(next: User) {
    setUser(next);
    if (session.me) session.me = { ...session.me, user: next };
  }

  async function save() {
    if (saving || Date.now() - lastSave.current < TIMING.saveDebounceMs) return;
    const problems = validateBuyerInfo(form, { phone: user.phone, account: user.account });
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    lastSave.current = Date.now();
    setSaving(true);
    let operation = 'uploadUserProfile';
    try {
      if (form.photo) {
        const data = new FormData();
        data.append('data', form.photo);
        await api.post('/upload/v2/user-profile', { body: { data: '' }, bodySerializer: () => data });
        change('photo', null);
      }
      operation = 'updateUser';
      storeUser(await api.post('/user', { body: userBody(form) }));
      toast(RESULT_TOASTS.saved, { type: 'success' });
      operation = 'getPrimaryAddress';
      const primary = await api.get('/address/get-primary');
      // The address form replaces this one, so back from it returns to where the buyer came from (the cart);
      // it stays part of the order-info onboarding when this form was (lib/orderInfoFlow.ts).
      if (primary === null)
        navigate(buildPath('editAddr'), { replace: true, ...(inOrderInfoFlow() ? { state: ORDER_INFO_FLOW_STATE } : {}) });
      else goBack();
    } catch (failure) {
      void presentError(failure, { operation });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      className={styles.form}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <ProfileSection
        name={form.name}
        profileImage={user.profileImage}
        photo={form.photo}
        onPhoto={(file) => change('photo', file)}
        bgColor={form.bgColor}
        onColour={(colour) => change('bgColor', colour, 'bgColor')}
        colourError={errors.bgColor}
      />
      <FormSection title={EDIT_MY_INFO_TEXT.buyerSection} description={EDIT_MY_INFO_TEXT.buyerDescription}>
        <TextField
          label={EDIT_MY_INFO_TEXT.name}
          value={form.name}
          onChange={(value) => change('name', value, 'name')}
          error={errors.name}
          placeholder={EDIT_MY_INFO_TEXT.namePlaceholder}
          maxLength={30}
          autoComplete="name"
        />
        <PhoneSection
          value={form.phone}
          onChange={(value) => change('phone', value, 'phone')}
          changing={form.changingPhone}
          onChanging={(changing) => change('changingPhone', changing, 'phone')}
          error={errors.phone}
          verifiedPhone={user.phone}
          onVerified={(phone) => {
            storeUser({ ...user, phone });
            setForm((current) => ({ ...current, phone: phoneValueOf(phone), changingPhone: false }));
            setErrors((current) => ({ ...current, phone: undefined }));
          }}
        />
        <SelectField
          label={EDIT_MY_INFO_TEXT.snsType}
          value={String(form.sns.type)}
          options={SNS_EDIT_FORM_ORDER.map((type) => ({ value: String(type), label: SNS_DISPLAY_NAMES[type] }))}
          onChange={(type) => change('sns', { ...form.sns, type: Number(type) }, 'snsId')}
        />
        {form.sns.type !== 0 && (
          <TextField
            label={EDIT_MY_INFO_TEXT.snsId}
            value={form.sns.id}
            onChange={(id) => change('sns', { ...form.sns, id }, 'snsId')}
            error={errors.snsId}
            placeholder={EDIT_MY_INFO_TEXT.snsPlaceholder}
            maxLength={100}
            autoCapitalize="off"
            spellCheck={false}
          />
        )}
      </FormSection>
      <CashReceiptSection
        value={form.cashReceipt}
        onChange={(receipt) => change('cashReceipt', receipt, 'cashReceipt')}
        error={errors.cashReceipt}
      />
      <FormSection title={EDIT_MY_INFO_TEXT.refundSection} description={EDIT_MY_INFO_TEXT.refundDescription}>
        <RefundAccountSection
          value={form.account}
          onChange={(account) => {
            change('account', account, 'account');
            if (account.verified) storeUser({ ...user, account: account.verified });
          }}
          error={errors.account}
          stored={user.account}
        />
      </FormSection>
      <SaveBar>
        <Button type="submit" block size="lg" loading={saving}>
          {EDIT_MY_INFO_TEXT.save}
        </Button>
      </SaveBar>
    </form>
  );
}

/** The cash receipt: none, or a personal phone number or a business number (its digits, shown formatted). */
function CashReceiptSection({
  value,
  onChange,
  error,
}: {
  value: BuyerInfoForm['cashReceipt'];
  onChange: (next: BuyerInfoForm['cashReceipt']) => void;
  error: string | undefined;
}) {
  const kind = value.kind;
  return (
    <FormSection title={EDIT_MY_INFO_TEXT.cashSection}>
      <RadioGroup<CashReceiptKind>
        name="cashReceipt"
        label={EDIT_MY_INFO_TEXT.cashSection}
        className={styles.cashKinds}
        options={(['none', 'personal', 'business'] as const).map((option) => ({
          value: option,
          label: EDIT_MY_INFO_TEXT.cashKinds[option],
        }))}
        value={kind}
        onChange={(next) =>
          onChange({
            kind: next,
            no: next === kind ? value.no : '',
            lastIsPersonal: next === 'none' ? value.lastIsPersonal : next === 'personal',
          })
        }
      />
      {kind !== 'none' && (
        <TextField
          label={EDIT_MY_INFO_TEXT.cashNo[kind]}
          value={formatCashReceipt(kind, value.no)}
          onChange={(input) => onChange({ ...value, no: digitsOnly(input, cashReceiptMaxDigits(kind)) })}
          error={error}
          inputMode="numeric"
          placeholder={EDIT_MY_INFO_TEXT.cashPlaceholder[kind]}
        />
      )}
    </FormSection>
  );
}
