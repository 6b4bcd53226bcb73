// Pay (/r/{publicId}/pay, SPEC.md sections 2, 4 and 8): 네이버페이 and 카카오페이 (a hidden form to the
// provider's page), credit card (the provider's payment address) and virtual account (issued here, shown
// with copy and '입금 확인' while unexpired; it needs a refund account). Coming back from a provider
// (`?result=`) asks for the payment result and says it. A paid order goes to its receipt (saying
// '결제에 성공했어요' only when just paid), a cancelled one too; an order that cannot be paid offers to cancel.
import type { Schemas } from '@creator-market/sdk';
import {
  awaitsDeposit,
  canBuyerCancel,
  formatWon,
  isAwaitingPayment,
  isReceiptCancelled,
  isReceiptPaid,
  isUnpayableOrder,
  paidAt,
  PAYMENT_MESSAGES,
  PAYMENT_METHODS,
  paymentPendingWarning,
  paymentResultToast,
  RECEIPT_STATUS,
  showsPaymentSuccessToast,
  UNPAYABLE_ORDER_CANCEL_REASON,
  UNPAYABLE_ORDER_DIALOG,
  validatePaymentRefundAccount,
  VIRTUAL_ACCOUNT_BANK_CODE,
  latestStatusEntry,
  type PaymentMethod,
} from '@creator-market/sdk/domain';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { api } from '../../api/client';
import { now } from '../../api/clock';
import { presentError } from '../../services/errors';
import { pageNavigation } from '../../services/pageNavigation';
import { appPathnameBehind, noteProviderTrip } from '../../services/providerDeparture';
import { isNativeApp } from '../../services/platform';
import { imageUrl } from '../../lib/media/imageUrl';
import { Button } from '../../ui/Button';
import { confirm } from '../../ui/Dialog';
import { IconAlert } from '../../ui/icons/status';
import { LazyImage } from '../../ui/LazyImage';
import { navigate } from '../../lib/navigation';
import { Radio } from '../../ui/Radio';
import { toast } from '../../ui/Toast';
import { cancelOrder } from './CancelOrder';
import { goodsSummary, PAYMENT_METHOD_LABELS } from './orderText';
import { submitPayForm } from './payForm';
import { receiptPagePath, type Receipt } from './receiptData';
import { BottomBar, closeWebview, ReceiptContainer, type ReceiptPageContext } from './ReceiptContainer';
import { VirtualAccountPanel } from './VirtualAccountPanel';
import styles from './Pay.module.css';

export const PAY_TEXT = {
  amount: '결제 금액',
  methods: '결제 수단',
  pay: (total: number) => `${formatWon(total)} 결제하기`,
  vbankHint: '우리은행 가상계좌로 입금해요. 환불 계좌가 필요해요.',
  refundAccountTitle: '환불 계좌 입력',
  refundAccountGo: '입력하기',
  later: '다음에',
} as const;

const METHOD_OPERATION: Record<PaymentMethod, string> = {
  naver: 'getNaverPayParams',
  kakao: 'getKakaoPayParams',
  card: 'payWithAppCard',
  vbank: 'issueVirtualAccount',
};

/** The payment result query (GET /receipt/payment); null when it failed (the catalogue has said why). */
async function queryPayment(publicId: string) {
  try {
    return await api.get('/receipt/payment', { params: { query: { receipt: publicId } } });
  } catch (error) {
    void presentError(error, { operation: 'getReceiptPayment' });
    return null;
  }
}

/** The '결제 불가' dialog; true when the buyer chose to cancel the order. */
async function askToCancelUnpayable(): Promise<boolean> {
  const cancelButton = UNPAYABLE_ORDER_DIALOG.buttons.find((button) => button.action === 'none');
  const cancelOrderButton = UNPAYABLE_ORDER_DIALOG.buttons.find((button) => button.action === 'cancel-order');
  return confirm({
    title: UNPAYABLE_ORDER_DIALOG.title,
    message: UNPAYABLE_ORDER_DIALOG.message,
    ...(cancelOrderButton ? { confirmText: cancelOrderButton.label } : {}),
    ...(cancelButton ? { cancelText: cancelButton.label } : {}),
    destructive: true,
  });
}

/**
 * Back from a provider's page (`?result=`): ask for the result, say it, then show the page without the
 * query. Returns whether the success toast was already shown on this visit (by the result query, or later
 * by '입금 확인').
 */
function useProviderReturn({
  result,
  publicId,
  payPath,
  refresh,
}: {
  result: string | null;
  publicId: string;
  payPath: string;
  refresh: ReceiptPageContext['refresh'];
}) {
  const announcedSuccessRef = useRef(false);
  const handledResult = useRef<string | null>(null);
  useEffect(() => {
    if (!result || handledResult.current === result) return;
    handledResult.current = result;
    void (async () => {
      const answer = await queryPayment(publicId);
      // Paid, but not by this return (a provider page reached again with back and paid again): it was said
      // when it was paid, so nothing is said twice.
      const paidBefore = answer?.status === 'success' && result !== 'success';
      if (answer && !paidBefore) {
        const shown = paymentResultToast(answer.status);
        toast(shown.message, { type: shown.type });
        if (answer.status === 'pending' && isNativeApp()) closeWebview();
      }
      if (answer?.status === 'success') announcedSuccessRef.current = true;
      navigate(payPath, { replace: true });
      await refresh({ quiet: true });
    })();
  }, [result, publicId, payPath, refresh]);
  return announcedSuccessRef;
}

export default function PayScreen() {
  return <ReceiptContainer page="pay">{(context) => <PayView {...context} />}</ReceiptContainer>;
}

function PayView({ publicId, detail, receipt, status, refresh, setReceipt }: ReceiptPageContext) {
  const result = new URLSearchParams(useSearch()).get('result');
  const receiptPath = receiptPagePath('receipt', publicId);
  const payPath = receiptPagePath('pay', publicId);
  const [method, setMethod] = useState<PaymentMethod>(PAYMENT_METHODS[0]);
  const [starting, setStarting] = useState(false);
  const [checking, setChecking] = useState(false);
  const [answeredPending, setAnsweredPending] = useState(false);
  const [issued, setIssued] = useState<Schemas['VirtualAccount'] | null>(null);
  const askedUnpayable = useRef(false);

  /** The success toast was already shown on this visit (result query or '입금 확인'). */
  const announcedSuccessRef = useProviderReturn({ result, publicId, payPath, refresh });

  // Nothing left to pay: to the receipt.
  useEffect(() => {
    if (result) return;
    if (isReceiptPaid(status)) {
      const paidTime = paidAt(receipt.status);
      if (!announcedSuccessRef.current && paidTime !== null && showsPaymentSuccessToast(paidTime, now())) {
        toast(PAYMENT_MESSAGES.success, { type: 'success' });
      }
      navigate(receiptPath, { replace: true });
    } else if (isReceiptCancelled(status)) {
      navigate(receiptPath, { replace: true });
    }
  }, [result, status, receipt.status, receiptPath, announcedSuccessRef]);

  const unpayable = isUnpayableOrder(receipt.payment.option);
  async function offerCancel() {
    if (!(await askToCancelUnpayable())) return;
    const cancelled = await cancelOrder(publicId, UNPAYABLE_ORDER_CANCEL_REASON);
    if (cancelled) setReceipt(cancelled);
    else void refresh({ quiet: true });
  }
  useEffect(() => {
    if (result || !unpayable || !canBuyerCancel(status) || askedUnpayable.current) return;
    askedUnpayable.current = true;
    void offerCancel();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked once per visit
  }, [result, unpayable, status]);

  // Coming back with the browser's back button from a provider page restores this page as it was left.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setStarting(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  /**
   * The provider's pages and its return to `?result=` leave no entries behind (services/providerTrip.ts): the
   * return takes this page's place, or the receipt's behind it when the pay page was opened from there, so
   * back from the paid receipt goes where the user was before.
   */
  function leaveForProvider() {
    noteProviderTrip(payPath, 'result', { beforeLeaving: appPathnameBehind() === receiptPath });
  }

  async function startPayment() {
    setStarting(true);
    const origin = window.location.origin;
    try {
      if (method === 'naver' || method === 'kakao') {
        const query = { query: { receipt: publicId, origin } };
        const form =
          method === 'naver'
            ? await api.get('/hecto/naver/param', { params: query })
            : await api.get('/hecto/kakao/param', { params: query });
        leaveForProvider();
        submitPayForm(form);
        return; // the page is leaving for the provider
      }
      if (method === 'card') {
        const approval = await api.post('/payple/pay/v2/appcard', { body: { publicId, payerId: '' } });
        const page = new URL(approval.PCD_PAY_URL);
        page.searchParams.set('origin', origin);
        leaveForProvider();
        pageNavigation.assign(page.toString());
        return;
      }
      const refundProblem = validatePaymentRefundAccount('vbank', { bank: receipt.buyerAccount.type, number: receipt.buyerAccount.no });
      if (refundProblem) {
        setStarting(false);
        const go = await confirm({
          title: PAY_TEXT.refundAccountTitle,
          message: refundProblem,
          confirmText: PAY_TEXT.refundAccountGo,
          cancelText: PAY_TEXT.later,
        });
        if (go) navigate(receiptPagePath('editOrderInfo', publicId));
        return;
      }
      const account = await api.post('/settlebank/vbank/getnum', { body: { receipt: publicId, bank: VIRTUAL_ACCOUNT_BANK_CODE } });
      setIssued(account);
      await refresh({ quiet: true });
      setStarting(false);
    } catch (error) {
      setStarting(false);
      void presentError(error, { operation: METHOD_OPERATION[method] });
      void refresh({ quiet: true });
    }
  }

  async function checkDeposit() {
    setChecking(true);
    const answer = await queryPayment(publicId);
    setChecking(false);
    if (!answer) return;
    if (answer.status === 'pending') {
      setAnsweredPending(true);
      const pendingSince = latestStatusEntry(receipt.status)?.timestamp ?? receipt.timestamp;
      toast(paymentPendingWarning(pendingSince, now()), { type: 'warning' });
      return;
    }
    const shown = paymentResultToast(answer.status);
    toast(shown.message, { type: shown.type });
    if (answer.status === 'success') announcedSuccessRef.current = true;
    await refresh({ quiet: true });
  }

  const payment = receipt.paymentResult;
  const depositPending = status === RECEIPT_STATUS.paymentConfirming && payment !== null && awaitsDeposit(payment, now());
  const payable = !unpayable && isAwaitingPayment(status);

  return (
    <div className={styles.pay}>
      <OrderSummary detail={detail} receipt={receipt} />
      {depositPending && payment ? (
        <VirtualAccountPanel
          receipt={receipt}
          payment={payment}
          holder={issued?.no === payment.no ? issued.name : null}
          checking={checking}
          answeredPending={answeredPending}
          onCheck={() => void checkDeposit()}
          onExpired={() => void refresh({ quiet: true })}
        />
      ) : unpayable ? (
        <UnpayableNotice onCancel={canBuyerCancel(status) ? () => void offerCancel() : null} />
      ) : (
        payable && (
          <>
            <PaymentMethods method={method} onMethod={setMethod} />
            <BottomBar>
              <Button block size="lg" loading={starting} onClick={() => void startPayment()}>
                {PAY_TEXT.pay(receipt.totalPrice)}
              </Button>
            </BottomBar>
          </>
        )
      )}
    </div>
  );
}

function OrderSummary({ detail, receipt }: { detail: ReceiptPageContext['detail']; receipt: Receipt }) {
  const market = detail.marketInfo;
  return (
    <header className={styles.summary}>
      <span className={styles.cover}>
        <LazyImage src={imageUrl(market.cover[0])} alt="" ratio={1} radius={12} />
      </span>
      <div className={styles.summaryText}>
        <p className={styles.marketTitle}>{market.title}</p>
        <p className={styles.goods}>{goodsSummary(receipt.productList)}</p>
      </div>
      <div className={styles.amountBox}>
        <span>{PAY_TEXT.amount}</span>
        <strong>{formatWon(receipt.totalPrice)}</strong>
      </div>
    </header>
  );
}

/** An order that cannot be paid says so, with the way to cancel it while the buyer still may. */
function UnpayableNotice({ onCancel }: { onCancel: (() => void) | null }) {
  return (
    <div className={styles.unpayable} role="alert">
      <IconAlert size={20} />
      <div>
        <p className={styles.unpayableTitle}>{UNPAYABLE_ORDER_DIALOG.title}</p>
        <p>{UNPAYABLE_ORDER_DIALOG.message}</p>
      </div>
      {onCancel && (
        <Button variant="secondary" size="sm" destructive onClick={onCancel}>
          {UNPAYABLE_ORDER_DIALOG.buttons.find((button) => button.action === 'cancel-order')?.label}
        </Button>
      )}
    </div>
  );
}

/** The payment methods to choose from; the virtual account says it needs a refund account. */
function PaymentMethods({ method, onMethod }: { method: PaymentMethod; onMethod: (method: PaymentMethod) => void }) {
  return (
    <section className={styles.methods} aria-labelledby="pay-methods">
      <h2 id="pay-methods" className={styles.sectionTitle}>
        {PAY_TEXT.methods}
      </h2>
      <div role="radiogroup" aria-labelledby="pay-methods" className={styles.methodList}>
        {PAYMENT_METHODS.map((option) => (
          <Radio
            key={option}
            name="payment-method"
            value={option}
            checked={method === option}
            onChange={() => onMethod(option)}
            label={PAYMENT_METHOD_LABELS[option]}
            {...(option === 'vbank' ? { description: PAY_TEXT.vbankHint } : {})}
            className={styles.method}
          />
        ))}
      </div>
    </section>
  );
}
