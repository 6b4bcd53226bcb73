// The home section titles (Korean), in the spec's order of the sections.
export const SECTION_TITLES = {
  topSeller: '인기 작가 TOP 30',
  newSeller: '이번 주 새로 온 작가',
  openMarket: '지금 주문 가능한 마켓',
  newMarket: '새로 등록된 마켓',
  topCart: '장바구니에 많이 담긴 물품',
  specialProduct: '덤·특전 물품',
  deadlineMarket: '곧 마감되는 마켓',
  scheduleMarket: '곧 오픈하는 마켓',
  marketPreview: '출시 예정 소식',
  hotKeyword: '오늘 많이 찾은 검색어',
  topSold: '방금 팔린 물품',
  newProduct: '새로 올라온 물품',
  remindSeller: '이런 작가님은 어때요?',
} as const;
