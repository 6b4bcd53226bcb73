// Edit address (/edit/address?_id=, signed in, SPEC.md section 2, '배송 주소'): recipient name, mobile
// number, postal code and road address (read-only, filled by the full-screen postcode search), detail
// address and an optional delivery memo. Without `_id` it adds an address: the first save creates it
// (the account's first address becomes the primary one) and the address swaps to its edit form. An address
// that is not the primary one can be deleted.
import type { Schemas } from '@creator-market/sdk';
import { ADDRESS_STATUS, buildPath, RESULT_TOASTS, TIMING } from '@creator-market/sdk/domain';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { api } from '../../api/client';
import { presentError } from '../../services/errors';
import { showNotFound } from '../../services/notFound';
import { useLoad } from '../../components/data/useLoad';
import { FormSection, SaveBar, TextField } from '../../features/forms/FormField';
import { PhoneField } from '../../features/forms/PhoneField';
import { addressFromPostcode, PostcodeDrawer } from '../../features/postcode/PostcodeDrawer';
import { useSession } from '../../stores/session';
import { AppBar } from '../../ui/AppBar';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { confirm } from '../../ui/Dialog';
import { goBack, navigate } from '../../lib/navigation';
import { inOrderInfoFlow } from '../../lib/orderInfoFlow';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/Toast';
import { addressBody, formOf, validateAddressForm, type AddressErrors, type AddressForm } from './form';
import styles from './EditAddress.module.css';

export const EDIT_ADDRESS_TEXT = {
  title: '배송 주소',
  section: '받는 분',
  addressSection: '주소',
  name: '받는 사람',
  namePlaceholder: '이름 (띄어쓰기 없이)',
  phone: '휴대폰 번호',
  zip: '우편번호',
  findZip: '우편번호 찾기',
  addr: '도로명 주소',
  addrPlaceholder: '우편번호 찾기로 주소를 선택해주세요',
  addr2: '상세 주소',
  addr2Placeholder: '동, 호수 등 상세 주소',
  memo: '배송 메모',
  memoPlaceholder: '예) 부재 시 문 앞에 놓아주세요',
  primary: '기본 배송지',
  save: '저장',
  delete: '이 배송지 삭제',
  deleteTitle: '배송지 삭제',
  deleteMessage: '이 배송지를 삭제할까요?',
} as const;

type Address = Schemas['Address'];

export default function EditAddress() {
  const addressId = new URLSearchParams(useSearch()).get('_id');
  const { me } = useSession();
  const addresses = useLoad((signal) => api.get('/address/list', { signal }), [addressId], {
    operation: 'listAddresses',
    enabled: addressId !== null,
  });
  // The address just added stands in until the list that holds it has loaded.
  const [created, setCreated] = useState<Address | null>(null);
  const address: Address | undefined =
    addresses.data?.find((item) => item._id === addressId) ?? (created?._id === addressId ? created : undefined);

  // A new address starts with the buyer's own name and phone.
  const [form, setForm] = useState<AddressForm>(() => formOf(addressId === null ? { name: me?.user.name, tel: me?.user.phone } : {}));
  const [errors, setErrors] = useState<AddressErrors>({});
  const [postcodeOpen, setPostcodeOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const lastSave = useRef(Number.NEGATIVE_INFINITY);
  const detailInput = useRef<HTMLInputElement>(null);

  // The stored address fills the form once it has loaded (and again after the first save swapped the URL).
  const filledFrom = useRef<string | null>(null);
  useEffect(() => {
    if (!address || filledFrom.current === `${address._id}:${address.timestamp}`) return;
    filledFrom.current = `${address._id}:${address.timestamp}`;
    setForm(formOf(address));
  }, [address]);
  useEffect(() => {
    if (addresses.data && !addresses.loading && addressId !== null && !address) showNotFound();
  }, [addresses.data, addresses.loading, addressId, address]);

  function change<K extends keyof AddressForm>(key: K, value: AddressForm[K]) {
    setForm((current) => ({ ...current, [key]: value }));
    const field = key === 'zip' || key === 'addr' || key === 'addr2' ? 'addr' : key === 'msg' ? null : key;
    if (field) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function save() {
    if (saving || Date.now() - lastSave.current < TIMING.saveDebounceMs) return;
    const problems = validateAddressForm(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    lastSave.current = Date.now();
    setSaving(true);
    try {
      const body = addressBody(form);
      if (addressId === null) {
        const added = await api.post('/address/add', { body });
        filledFrom.current = `${added._id}:${added.timestamp}`;
        setCreated(added);
        // Opened from the cart's '입력하기': the order info is complete now, back to the cart. Otherwise the
        // address swaps to its edit form (SPEC.md section 4).
        if (inOrderInfoFlow()) goBack();
        else navigate(buildPath('editAddr', {}, { query: { _id: added._id } }), { replace: true });
      } else {
        await api.post('/address/update', { body: { ...body, _id: addressId } });
        addresses.reload();
      }
      toast(RESULT_TOASTS.saved, { type: 'success' });
    } catch (error) {
      void presentError(error, { operation: addressId === null ? 'addAddress' : 'updateAddress' });
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!address) return;
    const agreed = await confirm({
      title: EDIT_ADDRESS_TEXT.deleteTitle,
      message: EDIT_ADDRESS_TEXT.deleteMessage,
      confirmText: '삭제',
      destructive: true,
    });
    if (!agreed) return;
    try {
      await api.post('/address/delete', { body: { _id: address._id } });
      toast(RESULT_TOASTS.deleted, { type: 'success' });
      goBack();
    } catch (error) {
      void presentError(error, { operation: 'deleteAddress' });
    }
  }

  if (addressId !== null && !address) {
    return (
      <div className={styles.page}>
        <AppBar title={EDIT_ADDRESS_TEXT.title} />
        {addresses.loading && (
          <div className={styles.loading}>
            <Spinner size={28} />
          </div>
        )}
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <AppBar title={EDIT_ADDRESS_TEXT.title} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <RecipientSection form={form} errors={errors} onChange={change} primary={address?.status === ADDRESS_STATUS.primary} />
        <FormSection title={EDIT_ADDRESS_TEXT.addressSection}>
          <FoundAddress zip={form.zip} addr={form.addr} onFind={() => setPostcodeOpen(true)} />
          <TextField
            ref={detailInput}
            label={EDIT_ADDRESS_TEXT.addr2}
            value={form.addr2}
            onChange={(value) => change('addr2', value)}
            error={errors.addr}
            placeholder={EDIT_ADDRESS_TEXT.addr2Placeholder}
            maxLength={100}
            autoComplete="address-line2"
          />
          <TextField
            label={EDIT_ADDRESS_TEXT.memo}
            optional
            value={form.msg}
            onChange={(value) => change('msg', value)}
            placeholder={EDIT_ADDRESS_TEXT.memoPlaceholder}
            maxLength={100}
          />
          {address?.status === ADDRESS_STATUS.other && (
            <button type="button" className={styles.deleteLink} onClick={() => void remove()}>
              {EDIT_ADDRESS_TEXT.delete}
            </button>
          )}
        </FormSection>
        <SaveBar>
          <Button type="submit" block size="lg" loading={saving}>
            {EDIT_ADDRESS_TEXT.save}
          </Button>
        </SaveBar>
      </form>
      <PostcodeDrawer
        open={postcodeOpen}
        onClose={() => setPostcodeOpen(false)}
        onComplete={(data) => {
          const { zip, addr } = addressFromPostcode(data);
          setForm((current) => ({ ...current, zip, addr }));
          setErrors((current) => ({ ...current, addr: undefined }));
          // Next comes the detail address (after the drawer has let go of the focus).
          setTimeout(() => detailInput.current?.focus(), 300);
        }}
      />
    </div>
  );
}

/** Who receives the parcel: name and mobile number (a new address starts with the buyer's own). */
function RecipientSection({
  form,
  errors,
  onChange,
  primary,
}: {
  form: AddressForm;
  errors: AddressErrors;
  onChange: <K extends keyof AddressForm>(key: K, value: AddressForm[K]) => void;
  primary: boolean;
}) {
  return (
    <FormSection
      title={EDIT_ADDRESS_TEXT.section}
      description={
        primary ? (
          <Badge tone="mint" size="sm">
            {EDIT_ADDRESS_TEXT.primary}
          </Badge>
        ) : undefined
      }
    >
      <TextField
        label={EDIT_ADDRESS_TEXT.name}
        value={form.name}
        onChange={(value) => onChange('name', value)}
        error={errors.name}
        placeholder={EDIT_ADDRESS_TEXT.namePlaceholder}
        maxLength={30}
        autoComplete="name"
      />
      <PhoneField label={EDIT_ADDRESS_TEXT.phone} value={form.phone} onChange={(value) => onChange('phone', value)} error={errors.phone} />
    </FormSection>
  );
}

/** The postal code and road address: read-only, filled by the postcode search that a tap on either opens. */
function FoundAddress({ zip, addr, onFind }: { zip: string; addr: string; onFind: () => void }) {
  return (
    <>
      <TextField
        label={EDIT_ADDRESS_TEXT.zip}
        value={zip}
        onChange={() => {}}
        readOnly
        placeholder="00000"
        onClick={onFind}
        aside={
          <Button variant="secondary" className={styles.findButton} onClick={onFind}>
            {EDIT_ADDRESS_TEXT.findZip}
          </Button>
        }
      />
      <TextField
        label={EDIT_ADDRESS_TEXT.addr}
        value={addr}
        onChange={() => {}}
        readOnly
        placeholder={EDIT_ADDRESS_TEXT.addrPlaceholder}
        onClick={onFind}
      />
    </>
  );
}
