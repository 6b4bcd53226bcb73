// The edit-address form's values and its rules, all from the sdk (SPEC.md section 5): recipient name, mobile
// number, postal code with road address (from the postcode search) and detail address; the memo is optional.
import type { Schemas } from '@creator-market/sdk';
import { phoneToE164, validateAddressLines, validatePhone, validateRecipientName } from '@creator-market/sdk/domain';
import { phoneValueOf, type PhoneValue } from '../../features/forms/PhoneField';

export interface AddressForm {
  name: string;
  phone: PhoneValue;
  zip: string;
  addr: string;
  addr2: string;
  msg: string;
}

export type AddressErrors = Partial<Record<'name' | 'phone' | 'addr', string>>;

export function formOf(address: Partial<Pick<Schemas['Address'], 'name' | 'tel' | 'zip' | 'addr' | 'addr2' | 'msg'>>): AddressForm {
  return {
    name: address.name ?? '',
    phone: phoneValueOf(address.tel),
    zip: address.zip ?? '',
    addr: address.addr ?? '',
    addr2: address.addr2 ?? '',
    msg: address.msg ?? '',
  };
}

/** The form's messages; empty when it can be saved. A road address without its postal code counts as none. */
export function validateAddressForm(form: AddressForm): AddressErrors {
  const errors: AddressErrors = {};
  const name = validateRecipientName(form.name);
  if (name) errors.name = name;
  const phone = validatePhone({ country: form.phone.country, number: form.phone.number });
  if (phone) errors.phone = phone;
  const lines = validateAddressLines({ addr: form.zip === '' ? '' : form.addr, addr2: form.addr2 });
  if (lines) errors.addr = lines;
  return errors;
}

/** The body of /address/add and /address/update for a valid form. */
export function addressBody(form: AddressForm): Omit<Schemas['AddressInput'], '_id'> {
  return {
    name: form.name,
    tel: phoneToE164(form.phone.country, form.phone.number) as string,
    zip: form.zip,
    addr: form.addr,
    addr2: form.addr2.trim(),
    msg: form.msg.trim(),
  };
}
