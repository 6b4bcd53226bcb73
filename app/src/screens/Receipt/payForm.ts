// 네이버페이 and 카카오페이 start with a hidden form (PayFormParams): `method` to `action`, one hidden input
// per field. Submitting it leaves the app for the provider's page, which comes back to
// `/r/{publicId}/pay?result=...`.
import type { Schemas } from '@creator-market/sdk';

export function submitPayForm(params: Schemas['PayFormParams']): void {
  const form = document.createElement('form');
  form.method = params.method;
  form.action = params.action;
  form.hidden = true;
  for (const [name, value] of Object.entries(params.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
