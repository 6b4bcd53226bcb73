// The sections of the receipt screen (SPEC.md section 2, Receipt): header, seller-cancel warning, status
// stepper, buyer info and address buttons, delivery, seller, purchased items and totals. What may be
// changed and the notes shown instead come from the sdk's receipt rules.
import type { Schemas } from '@creator-market/sdk';
import {
  buildPath,
  formatDateTime,
  formatPhoneForDisplay,
  formatWon,
  invoiceText,
  REFUND_BUSINESS_DAYS,
  receiptStatusBadge,
  receiptStepper,
  RECEIPT_STATUS,
  type ReceiptPermissions,
} from '@creator-market/sdk/domain';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { imageUrl } from '../../lib/media/imageUrl';
import { SellerRow } from '../../components/seller-card/SellerCard';
import { Badge } from '../../ui/Badge';
import { cx } from '../../ui/cx';
import { IconChevron } from '../../ui/icons/actions';
import { IconAlert } from '../../ui/icons/status';
import { LazyImage } from '../../ui/LazyImage';
import { bankAccountText, cashReceiptText, paymentTypeLabel, snsText } from './orderText';
import { receiptPagePath, type Receipt, type ReceiptDetail } from './receiptData';
import styles from './Receipt.module.css';

export const RECEIPT_TEXT = {
  summary: '주문 요약',
  orderOf: (name: string) => `${name}님의 주문`,
  orderNumber: '주문번호',
  orderedAt: '주문일시',
  status: '주문 상태',
  sellerCancelled: '판매 작가님이 주문을 취소했어요',
  refund: `결제 금액은 영업일 기준 ${REFUND_BUSINESS_DAYS.min}~${REFUND_BUSINESS_DAYS.max}일 안에 자동으로 환불돼요.`,
  sellerMessage: '판매 작가님 메시지',
  buyerInfo: '구매자 정보',
  address: '배송 주소',
  sns: 'SNS',
  cashReceipt: '현금영수증',
  refundAccount: '환불 계좌',
  delivery: '배송 정보',
  deliveryOption: '배송 방법',
  invoice: '송장번호',
  inquiry: '판매 작가 문의',
  inquiryTel: '연락처',
  inquiryTime: '문의 시간',
  noInquiry: '등록된 연락처가 없어요',
  seller: '판매 작가',
  items: '주문 물품',
  itemCount: (count: number) => `${count}개`,
  totals: '결제 금액',
  productPrice: '물품 금액',
  shipping: '배송비',
  discount: '배송비 할인',
  total: '총 결제 금액',
  paymentMethod: '결제 수단',
} as const;

const STEP_DATE_FORMAT = 'M.D HH:mm';

export function ReceiptSummary({ detail, status }: { detail: ReceiptDetail; status: number | null }) {
  const { marketInfo: market, receiptInfo: receipt } = detail;
  const badge = receiptStatusBadge(status);
  return (
    <header className={styles.summary} aria-label={RECEIPT_TEXT.summary}>
      <Link href={buildPath('market', { sellerId: market.sellerPublicId, marketId: market.publicId })} className={styles.market}>
        <span className={styles.marketCover}>
          <LazyImage src={imageUrl(market.cover[0])} alt="" ratio={1} radius={12} />
        </span>
        <span className={styles.marketTitle}>{market.title}</span>
        <IconChevron size={16} className={styles.marketChevron} />
      </Link>
      <div className={styles.summaryRow}>
        <p className={styles.recipient}>{RECEIPT_TEXT.orderOf(receipt.delivery.name)}</p>
        {badge && (
          <Badge tone={badge.colour} className={styles.statusBadge}>
            {badge.label}
          </Badge>
        )}
      </div>
      <p className={styles.total}>{formatWon(receipt.totalPrice)}</p>
      <dl className={styles.meta}>
        <div>
          <dt>{RECEIPT_TEXT.orderNumber}</dt>
          <dd>{receipt.publicId}</dd>
        </div>
        <div>
          <dt>{RECEIPT_TEXT.orderedAt}</dt>
          <dd>{formatDateTime(receipt.timestamp, 'YYYY.MM.DD HH:mm')}</dd>
        </div>
      </dl>
    </header>
  );
}

/** Status 11: the seller cancelled; their message, and the refund when the order had been paid. */
export function SellerCancelWarning({ receipt }: { receipt: Receipt }) {
  const wasPaid = receipt.status.some((entry) => entry.status === RECEIPT_STATUS.paid);
  return (
    <div className={cx(styles.notice, styles.noticeDanger)} role="alert">
      <IconAlert size={20} className={styles.noticeIcon} />
      <div>
        <p className={styles.noticeTitle}>{RECEIPT_TEXT.sellerCancelled}</p>
        {receipt.sellerMsg && <p className={styles.noticeText}>{receipt.sellerMsg}</p>}
        {wasPaid && <p className={styles.noticeText}>{RECEIPT_TEXT.refund}</p>}
      </div>
    </div>
  );
}

const CANCELLED_LABEL = receiptStatusBadge(RECEIPT_STATUS.cancelledByBuyer)?.label;

export function StatusStepper({ receipt }: { receipt: Receipt }) {
  const steps = receiptStepper(receipt.status);
  const current = steps.map((step) => step.reached).lastIndexOf(true);
  return (
    <ol className={styles.stepper} aria-label={RECEIPT_TEXT.status}>
      {steps.map((step, index) => (
        <li
          key={step.label}
          className={cx(styles.step, step.reached && styles.stepReached, step.label === CANCELLED_LABEL && styles.stepCancelled)}
          aria-current={index === current ? 'step' : undefined}
        >
          <span className={styles.stepDot} aria-hidden="true" />
          <span className={styles.stepLabel}>{step.label}</span>
          <span className={styles.stepTime}>{step.timestamp ? formatDateTime(step.timestamp, STEP_DATE_FORMAT) : ''}</span>
        </li>
      ))}
    </ol>
  );
}

/** A button to one of the order's edit pages with what it holds; disabled with the sdk's note when not editable. */
function EditLink({
  title,
  to,
  enabled,
  note,
  children,
}: {
  title: string;
  to: string;
  enabled: boolean;
  note: string | null;
  children: ReactNode;
}) {
  const body = (
    <>
      <span className={styles.editHead}>
        <span className={styles.editTitle}>{title}</span>
        {enabled && <IconChevron size={18} className={styles.editChevron} />}
      </span>
      <span className={styles.editBody}>{children}</span>
      {note && <span className={styles.editNote}>{note}</span>}
    </>
  );
  return enabled ? (
    // Named by its content, title first: an aria-label of the title alone would hide the values it shows (WCAG 2.5.3).
    <Link href={to} className={styles.editLink}>
      {body}
    </Link>
  ) : (
    <div className={cx(styles.editLink, styles.editDisabled)} role="group" aria-label={title} aria-disabled="true">
      {body}
    </div>
  );
}

export function OrderInfoLinks({ receipt, permissions }: { receipt: Receipt; permissions: ReceiptPermissions }) {
  const { delivery } = receipt;
  return (
    <div className={styles.editLinks}>
      <EditLink
        title={RECEIPT_TEXT.buyerInfo}
        to={receiptPagePath('editOrderInfo', receipt.publicId)}
        enabled={permissions.buyerInfo}
        note={permissions.buyerInfoNote}
      >
        <InfoLine label={RECEIPT_TEXT.sns} value={snsText(receipt.sns)} />
        <InfoLine label={RECEIPT_TEXT.cashReceipt} value={cashReceiptText(receipt.cashReceipt)} />
        <InfoLine label={RECEIPT_TEXT.refundAccount} value={bankAccountText(receipt.buyerAccount)} />
      </EditLink>
      <EditLink
        title={RECEIPT_TEXT.address}
        to={receiptPagePath('editOrderAddr', receipt.publicId)}
        enabled={permissions.address}
        note={permissions.addressNote}
      >
        <span className={styles.addressName}>
          {delivery.name} · {formatPhoneForDisplay(delivery.tel)}
        </span>
        <span className={styles.addressLine}>
          ({delivery.zip}) {delivery.addr} {delivery.addr2}
        </span>
        {delivery.msg && <span className={styles.addressMemo}>{delivery.msg}</span>}
      </EditLink>
    </div>
  );
}

function InfoLine({ label, value }: { label: string; value: string }) {
  return (
    <span className={styles.infoLine}>
      <span className={styles.infoLabel}>{label}</span>
      <span className={styles.infoValue}>{value}</span>
    </span>
  );
}

/** The delivery option and, once the order is paid, the invoice or the missing-invoice note. */
export function DeliveryInfo({ receipt, paid }: { receipt: Receipt; paid: boolean }) {
  return (
    <section className={styles.section} aria-label={RECEIPT_TEXT.delivery}>
      <h2 className={styles.sectionTitle}>{RECEIPT_TEXT.delivery}</h2>
      <dl className={styles.rows}>
        <div className={styles.row}>
          <dt>{RECEIPT_TEXT.deliveryOption}</dt>
          <dd>{receipt.delivery.title}</dd>
        </div>
        {paid && (
          <div className={styles.row}>
            <dt>{RECEIPT_TEXT.invoice}</dt>
            <dd className={receipt.invoice ? styles.invoice : styles.missing}>{invoiceText(receipt.invoice)}</dd>
          </div>
        )}
      </dl>
      {receipt.sellerMsg && paid && (
        <div className={styles.sellerMsg}>
          <p className={styles.sellerMsgTitle}>{RECEIPT_TEXT.sellerMessage}</p>
          <p>{receipt.sellerMsg}</p>
        </div>
      )}
    </section>
  );
}

export function SellerSection({ seller }: { seller: Schemas['CreatorProfile'] }) {
  const { tel, time } = seller.inquiry;
  return (
    <section className={styles.section} aria-label={RECEIPT_TEXT.seller}>
      <h2 className={styles.sectionTitle}>{RECEIPT_TEXT.seller}</h2>
      <SellerRow
        seller={{
          uid: seller._id,
          publicId: seller.publicId,
          name: seller.info.name,
          profile: seller.info.profile,
          msg: seller.msg,
          categories: seller.category,
        }}
      />
      <div className={styles.inquiry} aria-label={RECEIPT_TEXT.inquiry} role="group">
        <p className={styles.inquiryTitle}>{RECEIPT_TEXT.inquiry}</p>
        {tel ? (
          <dl className={styles.rows}>
            <div className={styles.row}>
              <dt>{RECEIPT_TEXT.inquiryTel}</dt>
              <dd>
                <a href={`tel:${tel.replace(/[^\d+]/g, '')}`} className={styles.tel}>
                  {tel}
                </a>
              </dd>
            </div>
            {time && (
              <div className={styles.row}>
                <dt>{RECEIPT_TEXT.inquiryTime}</dt>
                <dd>{time}</dd>
              </div>
            )}
          </dl>
        ) : (
          <p className={styles.missing}>{RECEIPT_TEXT.noInquiry}</p>
        )}
      </div>
    </section>
  );
}

export function ProductLines({ receipt }: { receipt: Receipt }) {
  const count = receipt.productList.reduce((sum, line) => sum + line.amount, 0);
  return (
    <section className={styles.section} aria-label={RECEIPT_TEXT.items}>
      <h2 className={styles.sectionTitle}>
        {RECEIPT_TEXT.items} <span className={styles.count}>{RECEIPT_TEXT.itemCount(count)}</span>
      </h2>
      <ul className={styles.lines}>
        {receipt.productList.map((line) => (
          <li key={`${line._id}-${line.option}`} className={styles.line}>
            <span className={styles.lineCover}>
              <LazyImage src={imageUrl(line.cover)} alt="" ratio={1} radius={10} />
            </span>
            <span className={styles.lineText}>
              <span className={styles.lineTitle}>{line.title}</span>
              <span className={styles.lineOption}>
                {line.option} · {line.amount}개
              </span>
            </span>
            <span className={styles.linePrice}>{formatWon(line.price * line.amount)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Totals({ receipt }: { receipt: Receipt }) {
  const payment = receipt.paymentResult;
  return (
    <section className={styles.section} aria-label={RECEIPT_TEXT.totals}>
      <h2 className={styles.sectionTitle}>{RECEIPT_TEXT.totals}</h2>
      <dl className={styles.rows}>
        <div className={styles.row}>
          <dt>{RECEIPT_TEXT.productPrice}</dt>
          <dd>{formatWon(receipt.productPrice)}</dd>
        </div>
        <div className={styles.row}>
          <dt>{RECEIPT_TEXT.shipping}</dt>
          <dd>{formatWon(receipt.delivery.price)}</dd>
        </div>
        {receipt.shipDiscounted > 0 && (
          <div className={styles.row}>
            <dt>{RECEIPT_TEXT.discount}</dt>
            <dd className={styles.discount}>-{formatWon(receipt.shipDiscounted)}</dd>
          </div>
        )}
        <div className={cx(styles.row, styles.totalRow)}>
          <dt>{RECEIPT_TEXT.total}</dt>
          <dd>{formatWon(receipt.totalPrice)}</dd>
        </div>
        {payment && payment.status === 'success' && (
          <div className={styles.row}>
            <dt>{RECEIPT_TEXT.paymentMethod}</dt>
            <dd>
              {payment.name === paymentTypeLabel(payment.type) ? payment.name : `${paymentTypeLabel(payment.type)} · ${payment.name}`}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
