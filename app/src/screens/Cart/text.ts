// The cart screen's words. Quoted from SPEC.md where it gives them; the rest (marked "ours") is our Korean.
import { formatCount } from '@creator-market/sdk/domain';

export const CART_TEXT = {
  title: '장바구니',
  empty: '장바구니가 비었어요',
  emptyDescription: '마켓에서 마음에 드는 물품을 담아보세요', // ours
  goHome: '마켓 둘러보기', // ours
  loadFailed: '장바구니를 불러오지 못했어요', // ours
  deleted: '삭제되었습니다',

  // market selector (ours, except the filter labels the brief fixed)
  selectorTitle: '장바구니 마켓',
  marketCount: (count: number) => `마켓 ${count}개`,
  selectAll: '전체 선택',
  deleteSelected: (count: number) => (count > 0 ? `선택 삭제 (${count})` : '선택 삭제'),
  deleteConfirmTitle: '장바구니 삭제',
  deleteConfirmMessage: (count: number) => `선택한 마켓 ${count}개의 장바구니를 삭제할까요?`,
  deleteConfirm: '삭제',
  noMarketsInFilter: '해당하는 마켓이 없어요',
  itemCount: (count: number) => `물품 ${count}개`,

  // card (ours)
  removeLine: (title: string) => `${title} 빼기`,
  lineTotal: '합계',
  delivery: '배송 옵션',
  deliveryChoose: '선택해주세요',
  deliveryDrawerTitle: '배송 옵션 선택',
  deliveryWeightLimit: (grams: number) => `${formatCount(grams)}g 이하`,
  deliveryNoOptions: '선택할 수 있는 배송 옵션이 없어요',
  freeShippingHint: (won: string) => `${won} 이상 주문 시 배송비 할인`,
  memo: '주문 메모',
  memoPlaceholder: '작가님께 전할 요청 사항을 적어주세요',
  productTotal: '물품 금액',
  shipping: '배송비',
  total: '총 주문 금액',
  marketNotice: '마켓 안내사항',
  privacyNotice: '개인정보 제3자 제공 안내',
  noticeEmpty: '등록된 안내사항이 없어요',
  lockedNotice: '주문을 접수하고 있어서 수량과 배송 옵션을 바꿀 수 없어요',

  // order (SPEC.md section 2)
  infoTitle: '주문 정보 입력',
  infoMessage: '구매 정보, 배송 주소를 입력해주세요',
  infoConfirm: '입력하기',
} as const;
