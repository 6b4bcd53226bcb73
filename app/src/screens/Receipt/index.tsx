// Receipt (/r/{publicId}, SPEC.md section 2): the order as the buyer sees it. Header with the market, the
// recipient, the total and the status badge; the seller's cancel warning; the order memo box (and the ad
// under it); the status stepper; buyer info and address buttons; delivery and invoice; the seller and how
// to reach them; the purchased items and totals; the cancel-order drawer or the note shown instead. While
// the order waits for its payment, the pay button and, once a payment is under way, the 7 s status poll.
import { awaitsDeposit, isAwaitingPayment, isReceiptPaid, RECEIPT_STATUS } from '@creator-market/sdk/domain';
import { now } from '../../api/clock';
import { AdSlot, AD_UNITS } from '../../features/ads/AdSlot';
import { Button } from '../../ui/Button';
import { CancelOrderDrawer, CANCEL_TEXT, openCancelDrawer } from './CancelOrder';
import { MemoBox } from './MemoBox';
import { cashReceiptKind } from './orderText';
import { openPayPage } from './receiptData';
import { BottomBar, ReceiptContainer, type ReceiptPageContext } from './ReceiptContainer';
import {
  DeliveryInfo,
  OrderInfoLinks,
  ProductLines,
  ReceiptSummary,
  SellerCancelWarning,
  SellerSection,
  StatusStepper,
  Totals,
} from './ReceiptParts';
import { StatusPoll } from './StatusPoll';
import styles from './Receipt.module.css';

export const RECEIPT_ACTION_TEXT = {
  pay: '결제하기',
  depositAccount: '입금 계좌 확인',
} as const;

export default function ReceiptScreen() {
  return <ReceiptContainer page="receipt">{(context) => <ReceiptView {...context} />}</ReceiptContainer>;
}

function ReceiptView({ publicId, detail, receipt, status, permissions, refresh, setReceipt }: ReceiptPageContext) {
  const awaitingPayment = isAwaitingPayment(status);
  const depositPending = status === RECEIPT_STATUS.paymentConfirming && awaitsDeposit(receipt.paymentResult, now());
  const reload = () => void refresh({ quiet: true });
  // The poll looks for a payment under way (a deposit awaited, a provider's answer pending): an order whose
  // payment never started has nothing to look for.
  const paymentStarted = status === RECEIPT_STATUS.paymentConfirming || receipt.paymentResult !== null;
  // The market's cash-receipt notice asks for a number before payment: it fits an order still to be paid
  // whose number is not given yet, not a paid, cancelled or already numbered one.
  const showsReceiptNotice = Boolean(receipt.receiptNotice) && awaitingPayment && cashReceiptKind(receipt.cashReceipt) === 'none';

  return (
    <div className={awaitingPayment ? styles.withPayBar : undefined}>
      <ReceiptSummary detail={detail} status={status} />
      {status === RECEIPT_STATUS.cancelledBySeller && <SellerCancelWarning receipt={receipt} />}
      {awaitingPayment && paymentStarted && <StatusPoll refresh={reload} />}

      <MemoBox key={receipt.memo} receipt={receipt} editable={permissions.memo} onSaved={setReceipt} onFailed={reload} />
      {showsReceiptNotice && <p className={styles.receiptNotice}>{receipt.receiptNotice}</p>}
      <AdSlot unit={AD_UNITS.receiptMemoBottomBanner} className={styles.ad} />

      <section className={styles.section}>
        <StatusStepper receipt={receipt} />
      </section>
      <OrderInfoLinks receipt={receipt} permissions={permissions} />
      <DeliveryInfo receipt={receipt} paid={isReceiptPaid(status)} />
      <SellerSection seller={detail.sellerInfo} />
      <ProductLines receipt={receipt} />
      <Totals receipt={receipt} />

      <div className={styles.cancelArea}>
        {permissions.cancel && (
          <Button variant="secondary" block onClick={openCancelDrawer}>
            {CANCEL_TEXT.open}
          </Button>
        )}
        {permissions.cancelNote && <p className={styles.note}>{permissions.cancelNote}</p>}
      </div>
      {permissions.cancel && (
        <CancelOrderDrawer publicId={publicId} onDone={(cancelled) => (cancelled ? setReceipt(cancelled) : reload())} />
      )}

      {awaitingPayment && (
        <BottomBar>
          <Button block size="lg" variant={depositPending ? 'secondary' : 'primary'} onClick={() => openPayPage(publicId)}>
            {depositPending ? RECEIPT_ACTION_TEXT.depositAccount : RECEIPT_ACTION_TEXT.pay}
          </Button>
        </BottomBar>
      )}
    </div>
  );
}
