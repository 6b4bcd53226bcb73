// The fixed lists the forms, orders and receipts offer or label (style tags, list categories, SNS types,
// payment methods, couriers, banks) and the forms' input limits (SPEC.md sections 3 and 9), stated once.
// Apart from constants.ts so that the app's start scripts, which need none of them, do not carry them: a
// bundle places a module whole in the chunks that use any of its exports.

// ---------------------------------------------------------------- input limits

export const LIMITS = {
  /** Weighted length: a Korean character counts 3, others 1 (10 Korean or 30 English). */
  nameMaxWeighted: 30,
  nameKoreanCharWeight: 3,
  bankNumberMinDigits: 8,
  bankNumberMaxDigits: 14,
  phoneDigits: 11,
  /** +82 numbers are 13 characters in their full form. */
  phoneE164KrLength: 13,
  cashReceiptPersonalDigits: 11,
  cashReceiptBusinessDigits: 10,
  verificationCodeDigits: 6,
  textInputMaxLength: 524_288,
  /** An order memo's length (OrderRequest.memo and POST /receipt/memo: the contract's maxLength). */
  orderMemoMaxLength: 500,
  /** Android shows the alarm and reminder setting from this OS version. */
  androidAlarmSettingMinVersion: 12,
} as const;

/** Image uploads accept these types. */
export const IMAGE_INPUT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// ---------------------------------------------------------------- taxonomies

/** Style tags with their Korean labels. */
export const STYLE_TAGS = {
  cute: '귀여운',
  kitsch: '키치',
  sense: '감성',
  deco: '꾸미기',
  story: '스토리',
  detail: '디테일',
  witty: '위트',
  simple: '심플',
} as const;
export type StyleTag = keyof typeof STYLE_TAGS;

/** The 14 categories of the /list/{category} route (section 2). */
export const LIST_CATEGORIES = [
  'category',
  'topSeller',
  'newSeller',
  'topCart',
  'specialProduct',
  'topSold',
  'newProduct',
  'remindSeller',
  'remindProduct',
  'newMarket',
  'openMarket',
  'scheduleMarket',
  'deadlineMarket',
  'marketPreview',
] as const;
export type ListCategory = (typeof LIST_CATEGORIES)[number];

/** SNS types (section 3). */
export const SNS_TYPE = {
  None: 0,
  Instagram: 1,
  Facebook: 2,
  Twitter: 3,
  NaverBlog: 4,
  KakaoStory: 5,
  YouTube: 6,
  Etc: 10,
} as const;
export type SnsTypeName = keyof typeof SNS_TYPE;
export type SnsTypeCode = (typeof SNS_TYPE)[SnsTypeName];
/** Display names by SNS type code. */
export const SNS_DISPLAY_NAMES: Readonly<Record<SnsTypeCode, string>> = {
  0: '선택 안 함',
  1: '인스타그램',
  2: '페이스북',
  3: '트위터',
  4: '네이버 블로그',
  5: '카카오스토리',
  6: '유튜브',
  10: '기타',
};
/** Order of the SNS choices in edit forms (section 3). */
export const SNS_EDIT_FORM_ORDER = [0, 2, 1, 5, 4, 3, 6, 10] as const satisfies readonly SnsTypeCode[];

/** Payment methods offered on the pay screen. */
export const PAYMENT_METHODS = ['naver', 'kakao', 'card', 'vbank'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Payment result types of a receipt. */
export const PAYMENT_RESULT_TYPES = ['vbank', 'kakaopay', 'naverpay', 'card'] as const;
export type PaymentResultType = (typeof PAYMENT_RESULT_TYPES)[number];

/** Couriers by code (Korean delivery-tracking codes) with their display names. */
export const COURIERS = [
  { code: '01', name: '우체국택배' },
  { code: '04', name: 'CJ대한통운' },
  { code: '05', name: '한진택배' },
  { code: '06', name: '로젠택배' },
  { code: '08', name: '롯데택배' },
  { code: '11', name: '일양로지스' },
  { code: '12', name: 'EMS' },
  { code: '13', name: 'DHL' },
  { code: '14', name: 'UPS' },
  { code: '21', name: 'FedEx' },
  { code: '22', name: '대신택배' },
  { code: '23', name: '경동택배' },
  { code: '24', name: 'GS Postbox 택배' },
  { code: '26', name: 'USPS' },
  { code: '46', name: 'CU 편의점택배' },
] as const;
export type CourierCode = (typeof COURIERS)[number]['code'];

/** Korean banks by financial-institution code, with icon keys. */
export const BANKS = [
  { code: '002', name: 'KDB산업은행', icon: 'kdb' },
  { code: '003', name: 'IBK기업은행', icon: 'ibk' },
  { code: '004', name: 'KB국민은행', icon: 'kb' },
  { code: '007', name: '수협은행', icon: 'suhyup' },
  { code: '011', name: 'NH농협은행', icon: 'nh' },
  { code: '020', name: '우리은행', icon: 'woori' },
  { code: '023', name: 'SC제일은행', icon: 'sc' },
  { code: '027', name: '한국씨티은행', icon: 'citi' },
  { code: '031', name: 'iM뱅크(대구은행)', icon: 'im' },
  { code: '032', name: '부산은행', icon: 'busan' },
  { code: '034', name: '광주은행', icon: 'gwangju' },
  { code: '035', name: '제주은행', icon: 'jeju' },
  { code: '037', name: '전북은행', icon: 'jeonbuk' },
  { code: '039', name: '경남은행', icon: 'kyongnam' },
  { code: '045', name: '새마을금고', icon: 'kfcc' },
  { code: '048', name: '신협', icon: 'shinhyup' },
  { code: '050', name: '저축은행', icon: 'savings' },
  { code: '071', name: '우체국', icon: 'epost' },
  { code: '081', name: '하나은행', icon: 'hana' },
  { code: '088', name: '신한은행', icon: 'shinhan' },
  { code: '089', name: '케이뱅크', icon: 'kbank' },
  { code: '090', name: '카카오뱅크', icon: 'kakaobank' },
  { code: '092', name: '토스뱅크', icon: 'toss' },
] as const;
export type BankCode = (typeof BANKS)[number]['code'];
/** Virtual accounts are always issued by this bank (code '020', 우리은행). */
export const VIRTUAL_ACCOUNT_BANK_CODE = '020' satisfies BankCode;
