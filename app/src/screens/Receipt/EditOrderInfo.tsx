// Buyer info of an order ('구매자 정보', /r/{publicId}/info, SPEC.md sections 2 and 5): the buyer's name and
// phone (the account's, changed in 내 정보), the SNS contact ('아이디를 입력해주세요' on this screen), the cash
// receipt (none, personal 11 digits, business 10 digits, shown 3-3or4-4 / 3-2-5) and the refund account
// (verified with the bank, then locked). Saved with POST /receipt/sns and /receipt/cashreceipt. Not
// editable once the order is cancelled.
import type { Schemas } from '@creator-market/sdk';
import {
  buildPath,
  cashReceiptDigits,
  formatCashReceipt,
  formatPhoneForDisplay,
  RESULT_TOASTS,
  SNS_EDIT_FORM_ORDER,
  SNS_TYPE,
  validateCashReceipt,
  validateSnsId,
  type CashReceiptKind,
  type SnsTypeCode,
} from '@creator-market/sdk/domain';
import { useState } from 'react';
import { Link } from 'wouter';
import { api } from '../../api/client';
import { presentError } from '../../services/errors';
import { FormSection, SelectField, TextField } from '../../features/forms/FormField';
import { useSession } from '../../stores/session';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { IconAlert } from '../../ui/icons/status';
import { goBack, navigate } from '../../lib/navigation';
import { RadioGroup } from '../../ui/Radio';
import { toast } from '../../ui/Toast';
import { CASH_RECEIPT_LABELS, cashReceiptKind, snsName } from './orderText';
import { receiptPagePath } from './receiptData';
import { BottomBar, ReceiptContainer, type ReceiptPageContext } from './ReceiptContainer';
import { RefundAccountField } from './RefundAccountField';
import styles from './EditOrder.module.css';

export const ORDER_INFO_TEXT = {
  buyer: '주문자',
  name: '이름',
  phone: '휴대폰 번호',
  none: '-',
  changeInMyInfo: '내 정보에서 변경하기',
  sns: 'SNS',
  snsDescription: '판매 작가님이 주문 관련 연락을 드릴 수 있어요.',
  snsType: 'SNS 종류',
  snsId: '아이디',
  snsIdPlaceholder: '아이디를 입력해주세요',
  cashReceipt: '현금영수증',
  cashReceiptKind: '현금영수증 종류',
  cashReceiptNumber: { personal: '휴대폰 번호', business: '사업자 등록번호' },
  cashReceiptPlaceholder: { personal: '010-1234-5678', business: '123-45-67890' },
  rememberCashReceipt: '내 구매자 정보에도 저장',
  refundAccount: '환불 계좌',
  refundDescription: '주문이 취소되면 이 계좌로 환불돼요.',
  save: '저장',
} as const;

const SNS_OPTIONS = SNS_EDIT_FORM_ORDER.map((type) => ({ value: String(type), label: snsName(type) }));
const CASH_RECEIPT_OPTIONS = (['none', 'personal', 'business'] as const).map((kind) => ({ value: kind, label: CASH_RECEIPT_LABELS[kind] }));

export default function EditOrderInfoScreen() {
  return <ReceiptContainer page="editOrderInfo">{(context) => <EditOrderInfoForm {...context} />}</ReceiptContainer>;
}

function EditOrderInfoForm({ publicId, receipt, permissions, setReceipt, refresh }: ReceiptPageContext) {
  const { me } = useSession();
  const editable = permissions.buyerInfo;
  const [snsType, setSnsType] = useState<SnsTypeCode>(receipt.sns.type);
  const [snsId, setSnsId] = useState(receipt.sns.id);
  const [cashKind, setCashKind] = useState<CashReceiptKind>(cashReceiptKind(receipt.cashReceipt));
  const [cashNo, setCashNo] = useState(receipt.cashReceipt.no);
  const [rememberCash, setRememberCash] = useState(false);
  const [errors, setErrors] = useState<{ sns: string | null; cashReceipt: string | null }>({ sns: null, cashReceipt: null });
  const [saving, setSaving] = useState(false);

  function chooseCashKind(kind: CashReceiptKind) {
    setCashKind(kind);
    setCashNo('');
    setErrors((current) => ({ ...current, cashReceipt: null }));
  }

  async function save() {
    const sns: Schemas['Sns'] = { type: snsType, id: snsType === SNS_TYPE.None ? '' : snsId.trim() };
    const next = { sns: validateSnsId(sns, 'receipt'), cashReceipt: validateCashReceipt({ kind: cashKind, no: cashNo }) };
    setErrors(next);
    if (next.sns || next.cashReceipt) return;
    setSaving(true);
    let operation = 'updateReceiptSns';
    try {
      await api.post('/receipt/sns', { body: { id: publicId, sns } });
      operation = 'updateReceiptCashReceipt';
      const saved = await api.post('/receipt/cashreceipt', {
        body: {
          id: publicId,
          isPersonal: cashKind === 'none' ? receipt.cashReceipt.isPersonal : cashKind === 'personal',
          no: cashKind === 'none' ? '' : cashNo,
          isRemember: rememberCash,
        },
      });
      setReceipt(saved);
      toast(RESULT_TOASTS.saved, { type: 'success' });
      goBack(() => navigate(receiptPagePath('receipt', publicId), { replace: true }));
    } catch (error) {
      setSaving(false);
      void presentError(error, { operation });
      void refresh({ quiet: true });
    }
  }

  const user = me?.user;
  return (
    <div className={styles.form}>
      {permissions.buyerInfoNote && (
        <p className={styles.locked} role="note">
          <IconAlert size={18} />
          {permissions.buyerInfoNote}
        </p>
      )}

      <FormSection title={ORDER_INFO_TEXT.buyer}>
        <dl className={styles.readonlyRows}>
          <div>
            <dt>{ORDER_INFO_TEXT.name}</dt>
            <dd>{user?.name || ORDER_INFO_TEXT.none}</dd>
          </div>
          <div>
            <dt>{ORDER_INFO_TEXT.phone}</dt>
            <dd>{user?.phone ? formatPhoneForDisplay(user.phone) : ORDER_INFO_TEXT.none}</dd>
          </div>
        </dl>
        <Link href={buildPath('editMyInfo')} className={styles.link}>
          {ORDER_INFO_TEXT.changeInMyInfo}
        </Link>
      </FormSection>

      <FormSection title={ORDER_INFO_TEXT.sns} description={ORDER_INFO_TEXT.snsDescription}>
        <SelectField
          label={ORDER_INFO_TEXT.snsType}
          value={String(snsType)}
          options={SNS_OPTIONS}
          disabled={!editable}
          onChange={(value) => setSnsType(Number(value) as SnsTypeCode)}
        />
        {snsType !== SNS_TYPE.None && (
          <TextField
            label={ORDER_INFO_TEXT.snsId}
            value={snsId}
            onChange={setSnsId}
            placeholder={ORDER_INFO_TEXT.snsIdPlaceholder}
            maxLength={100}
            autoComplete="off"
            disabled={!editable}
            error={errors.sns}
          />
        )}
      </FormSection>

      <FormSection title={ORDER_INFO_TEXT.cashReceipt}>
        <RadioGroup
          name="cash-receipt"
          label={ORDER_INFO_TEXT.cashReceiptKind}
          options={CASH_RECEIPT_OPTIONS.map((option) => ({ ...option, disabled: !editable }))}
          value={cashKind}
          onChange={chooseCashKind}
        />
        {cashKind !== 'none' && (
          <TextField
            label={ORDER_INFO_TEXT.cashReceiptNumber[cashKind]}
            value={formatCashReceipt(cashKind, cashNo)}
            onChange={(value) => setCashNo(value.replace(/\D/g, '').slice(0, cashReceiptDigits(cashKind)))}
            placeholder={ORDER_INFO_TEXT.cashReceiptPlaceholder[cashKind]}
            inputMode="numeric"
            autoComplete="off"
            disabled={!editable}
            error={errors.cashReceipt}
          />
        )}
        {editable && (
          <Checkbox shape="square" checked={rememberCash} onChange={setRememberCash} label={ORDER_INFO_TEXT.rememberCashReceipt} />
        )}
      </FormSection>

      <FormSection title={ORDER_INFO_TEXT.refundAccount} description={ORDER_INFO_TEXT.refundDescription}>
        <RefundAccountField
          publicId={publicId}
          account={receipt.buyerAccount}
          editable={editable}
          onVerified={(account) => setReceipt({ ...receipt, buyerAccount: account })}
        />
      </FormSection>

      {editable && (
        <BottomBar>
          <Button block size="lg" loading={saving} onClick={() => void save()}>
            {ORDER_INFO_TEXT.save}
          </Button>
        </BottomBar>
      )}
    </div>
  );
}
