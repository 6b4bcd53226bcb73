// Company legal information (SPEC.md section 1): links to the terms of service, the privacy policy and
// the business-information check, the statement that the operator is only a solution provider and not a
// party to the sale, and the customer-service contacts.
import { useId, useState } from 'react';
import { businessInfoUrl, COMPANY_INFO, type CompanyInfo } from '../config/operator';
import { cx } from './cx';
import styles from './Footer.module.css';
import { IconChevron } from './icons/actions';

/** '은' after a final consonant, '는' otherwise (회사명은 / 마켓은 / 스토어는). */
function withTopicParticle(word: string): string {
  const last = word.charCodeAt(word.length - 1) - 0xac00;
  const hasFinalConsonant = last >= 0 && last < 11172 && last % 28 !== 0;
  return `${word}${hasFinalConsonant ? '은' : '는'}`;
}

export const FOOTER_TEXT = {
  terms: '이용약관',
  privacy: '개인정보처리방침',
  businessInfo: '사업자정보확인',
  companyToggle: '사업자 정보',
  disclaimer: (name: string) =>
    `${withTopicParticle(name)} 판매 솔루션을 제공하는 솔루션 제공자일 뿐, 통신판매의 당사자가 아닙니다. 상품 정보와 배송, 거래에 관한 의무와 책임은 각 판매자에게 있습니다.`,
} as const;

export interface FooterProps {
  company?: CompanyInfo;
  className?: string;
}

export function Footer({ company = COMPANY_INFO, className }: FooterProps) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  return (
    <footer className={cx(styles.footer, className)}>
      <nav className={styles.links} aria-label="약관 및 정책">
        <a href={company.termsUrl} target="_blank" rel="noopener noreferrer">
          {FOOTER_TEXT.terms}
        </a>
        <a href={company.privacyUrl} target="_blank" rel="noopener noreferrer" className={styles.strong}>
          {FOOTER_TEXT.privacy}
        </a>
        <a href={businessInfoUrl(company.businessNumber)} target="_blank" rel="noopener noreferrer">
          {FOOTER_TEXT.businessInfo}
        </a>
      </nav>

      <button
        type="button"
        className={styles.toggle}
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={() => setExpanded((open) => !open)}
      >
        {company.name} {FOOTER_TEXT.companyToggle}
        <IconChevron direction={expanded ? 'up' : 'down'} size={16} />
      </button>

      <dl id={detailsId} className={styles.details} hidden={!expanded}>
        <div>
          <dt>대표</dt>
          <dd>{company.ceo}</dd>
        </div>
        <div>
          <dt>사업자등록번호</dt>
          <dd>{company.businessNumber}</dd>
        </div>
        <div>
          <dt>통신판매업 신고번호</dt>
          <dd>{company.mailOrderNumber}</dd>
        </div>
        <div>
          <dt>주소</dt>
          <dd>{company.address}</dd>
        </div>
      </dl>

      <p className={styles.contact}>
        <span>
          고객센터 <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>{company.phone}</a>
        </span>
        <span>
          이메일 <a href={`mailto:${company.email}`}>{company.email}</a>
        </span>
      </p>

      <p className={styles.disclaimer}>{FOOTER_TEXT.disclaimer(company.name)}</p>
      <p className={styles.copyright}>© {company.name}</p>
    </footer>
  );
}
