// The order's delivery address ('배송 주소', /r/{publicId}/addr, SPEC.md sections 2 and 5): recipient name,
// mobile number, postal code and road address (read-only, from the postcode search drawer), detail
// address and an optional delivery memo; saved with POST /receipt/delivery. Editable only before payment
// (latest status 0); otherwise the sdk's note says why.
import {
  PHONE_DEFAULT_COUNTRY,
  PHONE_FAVOURITE_COUNTRIES,
  PHONE_PLACEHOLDER,
  phoneFieldOf,
  phoneToE164,
  RESULT_TOASTS,
  validateAddressLines,
  validatePhone,
  validateRecipientName,
} from '@creator-market/sdk/domain';
import { useState } from 'react';
import { api } from '../../api/client';
import { presentError } from '../../services/errors';
import formStyles from '../../features/forms/Form.module.css';
import { Field, FormSection, TextField } from '../../features/forms/FormField';
import { addressFromPostcode, PostcodeDrawer } from '../../features/postcode/PostcodeDrawer';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { IconAlert } from '../../ui/icons/status';
import { goBack, navigate } from '../../lib/navigation';
import { toast } from '../../ui/Toast';
import { receiptPagePath } from './receiptData';
import { BottomBar, ReceiptContainer, type ReceiptPageContext } from './ReceiptContainer';
import styles from './EditOrder.module.css';

export const ORDER_ADDR_TEXT = {
  recipient: '받는 사람',
  name: '이름',
  namePlaceholder: '받는 사람 이름',
  phone: '휴대폰 번호',
  country: '국가',
  address: '주소',
  zip: '우편번호',
  findZip: '우편번호 찾기',
  addr: '도로명 주소',
  addr2: '상세 주소',
  addr2Placeholder: '동, 호수 등 상세 주소',
  memo: '배송 메모 (선택)',
  memoPlaceholder: '예: 부재 시 문 앞에 놓아주세요.',
  save: '저장',
} as const;

/** The phone country picker's names, with calling codes (the sdk's favourite countries, in order). */
const COUNTRY_NAMES: Record<(typeof PHONE_FAVOURITE_COUNTRIES)[number], string> = {
  kr: '한국 +82',
  jp: '일본 +81',
  us: '미국 +1',
  cn: '중국 +86',
  hk: '홍콩 +852',
  th: '태국 +66',
  vn: '베트남 +84',
  tw: '대만 +886',
  sg: '싱가포르 +65',
  ca: '캐나다 +1',
};
const COUNTRY_OPTIONS = PHONE_FAVOURITE_COUNTRIES.map((country) => ({ value: country, label: COUNTRY_NAMES[country] }));

const MEMO_MAX_LENGTH = 100;

export default function EditOrderAddrScreen() {
  return <ReceiptContainer page="editOrderAddr">{(context) => <EditOrderAddrForm {...context} />}</ReceiptContainer>;
}

interface AddressErrors {
  name: string | null;
  phone: string | null;
  address: string | null;
}

const NO_ERRORS: AddressErrors = { name: null, phone: null, address: null };

function EditOrderAddrForm({ publicId, receipt, permissions, setReceipt, refresh }: ReceiptPageContext) {
  const { delivery } = receipt;
  const editable = permissions.address;
  const storedPhone = phoneFieldOf(delivery.tel);
  const [name, setName] = useState(delivery.name);
  const [country, setCountry] = useState(storedPhone?.country ?? PHONE_DEFAULT_COUNTRY);
  const [phone, setPhone] = useState(storedPhone?.number ?? '');
  const [zip, setZip] = useState(delivery.zip);
  const [addr, setAddr] = useState(delivery.addr);
  const [addr2, setAddr2] = useState(delivery.addr2);
  const [memo, setMemo] = useState(delivery.msg);
  const [errors, setErrors] = useState<AddressErrors>(NO_ERRORS);
  const [searching, setSearching] = useState(false);
  const [saving, setSaving] = useState(false);

  async function save() {
    const next: AddressErrors = {
      name: validateRecipientName(name),
      phone: validatePhone({ country, number: phone }),
      address: validateAddressLines({ addr, addr2 }),
    };
    setErrors(next);
    const tel = phoneToE164(country, phone);
    if (next.name || next.phone || next.address || tel === null) return;
    setSaving(true);
    try {
      const saved = await api.post('/receipt/delivery', {
        body: { id: publicId, delivery: { name, tel, zip, addr, addr2: addr2.trim(), msg: memo.trim() } },
      });
      setReceipt(saved);
      toast(RESULT_TOASTS.saved, { type: 'success' });
      goBack(() => navigate(receiptPagePath('receipt', publicId), { replace: true }));
    } catch (error) {
      setSaving(false);
      void presentError(error, { operation: 'updateReceiptDelivery' });
      void refresh({ quiet: true });
    }
  }

  return (
    <div className={styles.form}>
      {permissions.addressNote && (
        <p className={styles.locked} role="note">
          <IconAlert size={18} />
          {permissions.addressNote}
        </p>
      )}

      <FormSection title={ORDER_ADDR_TEXT.recipient}>
        <TextField
          label={ORDER_ADDR_TEXT.name}
          value={name}
          onChange={setName}
          placeholder={ORDER_ADDR_TEXT.namePlaceholder}
          autoComplete="name"
          maxLength={30}
          disabled={!editable}
          error={errors.name}
        />
        <Field label={ORDER_ADDR_TEXT.phone} error={errors.phone}>
          {({ id, describedBy, invalid }) => (
            <div className={styles.phoneRow}>
              <select
                className={cx(formStyles.select, styles.country)}
                aria-label={ORDER_ADDR_TEXT.country}
                value={country}
                disabled={!editable}
                onChange={(event) => setCountry(event.target.value)}
              >
                {COUNTRY_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              <input
                id={id}
                className={formStyles.input}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder={PHONE_PLACEHOLDER}
                value={phone}
                disabled={!editable}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                onChange={(event) => setPhone(event.target.value)}
              />
            </div>
          )}
        </Field>
      </FormSection>

      <FormSection title={ORDER_ADDR_TEXT.address}>
        <TextField
          label={ORDER_ADDR_TEXT.zip}
          value={zip}
          onChange={setZip}
          readOnly
          disabled={!editable}
          onClick={() => editable && setSearching(true)}
          aside={
            <Button variant="secondary" onClick={() => setSearching(true)} disabled={!editable}>
              {ORDER_ADDR_TEXT.findZip}
            </Button>
          }
        />
        <TextField label={ORDER_ADDR_TEXT.addr} value={addr} onChange={setAddr} readOnly disabled={!editable} />
        <TextField
          label={ORDER_ADDR_TEXT.addr2}
          value={addr2}
          onChange={setAddr2}
          placeholder={ORDER_ADDR_TEXT.addr2Placeholder}
          maxLength={100}
          disabled={!editable}
          error={errors.address}
        />
        <TextField
          label={ORDER_ADDR_TEXT.memo}
          value={memo}
          onChange={setMemo}
          placeholder={ORDER_ADDR_TEXT.memoPlaceholder}
          maxLength={MEMO_MAX_LENGTH}
          disabled={!editable}
        />
      </FormSection>

      <PostcodeDrawer
        open={searching}
        onClose={() => setSearching(false)}
        onComplete={(data) => {
          const chosen = addressFromPostcode(data);
          setZip(chosen.zip);
          setAddr(chosen.addr);
          setAddr2('');
          setErrors((current) => ({ ...current, address: null }));
        }}
      />

      {editable && (
        <BottomBar>
          <Button block size="lg" loading={saving} onClick={() => void save()}>
            {ORDER_ADDR_TEXT.save}
          </Button>
        </BottomBar>
      )}
    </div>
  );
}
