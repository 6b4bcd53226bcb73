import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { COMPANY_INFO } from '../config/operator';
import { Footer } from './Footer';

const company = {
  ...COMPANY_INFO,
  name: '주식회사 말랑스토어',
  businessNumber: '123-45-67890',
  phone: '1588-1234',
  email: 'cs@malang.example',
  termsUrl: 'https://malang.example/terms',
  privacyUrl: 'https://malang.example/privacy',
};

describe('Footer', () => {
  it('links to the terms of service, the privacy policy and the business-information check', () => {
    render(<Footer company={company} />);
    expect(screen.getByRole('link', { name: '이용약관' })).toHaveAttribute('href', 'https://malang.example/terms');
    expect(screen.getByRole('link', { name: '개인정보처리방침' })).toHaveAttribute('href', 'https://malang.example/privacy');
    expect(screen.getByRole('link', { name: '사업자정보확인' })).toHaveAttribute(
      'href',
      'https://www.ftc.go.kr/bizCommPop.do?wrkr_no=1234567890',
    );
  });

  it('states that the operator is only a solution provider and sellers carry the sale duties', () => {
    render(<Footer company={company} />);
    const statement = screen.getByText(/통신판매의 당사자가 아닙니다/);
    expect(statement).toHaveTextContent(
      '주식회사 말랑스토어는 판매 솔루션을 제공하는 솔루션 제공자일 뿐, 통신판매의 당사자가 아닙니다. 상품 정보와 배송, 거래에 관한 의무와 책임은 각 판매자에게 있습니다.',
    );
  });

  it('uses 은 after a name ending in a consonant', () => {
    render(<Footer company={{ ...company, name: '주식회사 크리에이터마켓' }} />);
    expect(screen.getByText(/통신판매의 당사자가 아닙니다/)).toHaveTextContent(/^주식회사 크리에이터마켓은 /);
  });

  it('shows the configured contact phone and e-mail', () => {
    render(<Footer company={company} />);
    expect(screen.getByRole('link', { name: '1588-1234' })).toHaveAttribute('href', 'tel:15881234');
    expect(screen.getByRole('link', { name: 'cs@malang.example' })).toHaveAttribute('href', 'mailto:cs@malang.example');
  });

  it('folds the company details behind a toggle', async () => {
    const user = userEvent.setup();
    render(<Footer company={company} />);
    const toggle = screen.getByRole('button', { name: /사업자 정보/ });
    const details = screen.getByText('123-45-67890').closest('dl');
    expect(details?.hidden).toBe(true);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(details?.hidden).toBe(false);
  });
});
