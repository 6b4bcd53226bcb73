// The operator of the marketplace: its legal details, shown in the footer and the native shell's menu.

export interface CompanyInfo {
  /** Trade name (상호). */
  name: string;
  /** Representative (대표). */
  ceo: string;
  /** Business registration number (사업자등록번호), digits with dashes. */
  businessNumber: string;
  /** Mail-order business report number (통신판매업 신고번호). */
  mailOrderNumber: string;
  address: string;
  /** Customer-service phone; VITE_CONTACT_PHONE. */
  phone: string;
  /** Customer-service e-mail; VITE_CONTACT_EMAIL. */
  email: string;
  termsUrl: string;
  privacyUrl: string;
}

/**
 * The operator's legal details shown in the footer. The company fields are this project's sample
 * operator; a deployment replaces them (and sets the contact variables) with its registered details.
 */
export const COMPANY_INFO: CompanyInfo = {
  name: '주식회사 크리에이터마켓',
  ceo: '정다온',
  businessNumber: '214-88-41327',
  mailOrderNumber: '제2024-서울성동-1207호',
  address: '서울특별시 성동구 성수이로 113, 5층',
  phone: import.meta.env.VITE_CONTACT_PHONE || '02-6953-1207',
  email: import.meta.env.VITE_CONTACT_EMAIL || 'help@creatormarket.kr',
  termsUrl: 'https://creatormarket.kr/policy/terms',
  privacyUrl: 'https://creatormarket.kr/policy/privacy',
};

/** The Fair Trade Commission's public page that verifies a business registration (사업자정보확인). */
export function businessInfoUrl(businessNumber: string): string {
  return `https://www.ftc.go.kr/bizCommPop.do?wrkr_no=${businessNumber.replace(/\D/g, '')}`;
}
