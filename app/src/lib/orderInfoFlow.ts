// The order-info onboarding (SPEC.md section 2, Cart: '주문 정보 입력' → '입력하기'): the cart opens the buyer
// info form or the address form, the buyer info form hands over to the address form when there is no address
// yet, and the last form saved returns to the cart the buyer was ordering from, rather than ending on a form
// (the address form's first save otherwise swaps to its edit form, section 4). The mark travels in the history
// entry's state, so it survives a reload and belongs to that entry only.

const FLOW_KEY = 'orderInfoFlow';

/** History state marking a form opened from the cart's '입력하기'. */
export const ORDER_INFO_FLOW_STATE: Readonly<Record<string, true>> = { [FLOW_KEY]: true };

/** Whether the form on screen was opened as part of the order-info onboarding. */
export function inOrderInfoFlow(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && (state as Record<string, unknown>)[FLOW_KEY] === true;
}
