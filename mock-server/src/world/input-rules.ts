// SPEC.md section 5's rules for the fields a request carries, checked on the server by every operation
// that takes the field, whatever the app already checked: one implementation (the sdk's validation
// module), one refusal (a 400 `bad-request` naming the field, with the spec's Korean message).
import {
  isValidStoredPhone,
  validateAddressLines,
  validateCancelReason,
  validateOrderMemo,
  validateRecipientName,
  validateSnsId,
  VALIDATION_MESSAGES,
} from '@creator-market/sdk/domain';
import { ApiFailure } from '../http/failure';

export function invalidField(path: string, message: string): ApiFailure {
  return new ApiFailure(400, 'bad-request', { message, details: [{ path, message }] });
}

/** A delivery address (an address book entry, an order's or a receipt's delivery) at `path` ('/body', '/body/delivery'). */
export function checkDeliveryAddress(input: { name: string; tel: string; addr: string; addr2: string }, path: string): void {
  const nameProblem = validateRecipientName(input.name);
  if (nameProblem) throw invalidField(`${path}/name`, nameProblem);
  if (!isValidStoredPhone(input.tel)) throw invalidField(`${path}/tel`, VALIDATION_MESSAGES.phoneInvalid);
  const linesProblem = validateAddressLines(input);
  if (linesProblem) throw invalidField(input.addr.trim() === '' ? `${path}/addr` : `${path}/addr2`, linesProblem);
}

/** An order memo: required, not blank. */
export function checkOrderMemo(memo: string, path = '/body/memo'): void {
  const problem = validateOrderMemo(memo);
  if (problem) throw invalidField(path, problem);
}

/** A buyer's cancel reason: required, not blank. */
export function checkCancelReason(reason: string, path = '/body/msg'): void {
  const problem = validateCancelReason(reason);
  if (problem) throw invalidField(path, problem);
}

/** An SNS id: required (not blank) once a type is chosen. */
export function checkSnsId(sns: { type: number; id: string }, screen: 'profile' | 'receipt', path = '/body/sns/id'): void {
  const problem = validateSnsId(sns, screen);
  if (problem) throw invalidField(path, problem);
}
