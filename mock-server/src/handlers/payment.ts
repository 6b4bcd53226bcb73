// payment: starting a payment with the mock providers (네이버페이, 카카오페이, app card) and issuing a
// virtual account. The provider pages themselves are ../pages/payments.ts; the payment rules are
// ../world/orders.
import type { components } from '@creator-market/sdk/generated/api';
import { ApiFailure, unlistedOrigin } from '../http/failure';
import { assertPayable, issueVirtualAccount, ownReceipt, paymentSignature } from '../world/orders';
import { DEFAULT_WORLD } from '../world/registry';
import type { ReceiptRow } from '../world/store';
import type { World } from '../world/world';
import type { HandlerMap } from './types';
import { signedIn } from './types';

type Receipt = components['schemas']['Receipt'];

/** The mock provider pages: POST /__pay/naver and /__pay/kakao, GET /__pay/card. */
export const PAY_PAGE_PATHS = {
  naver: '/__pay/naver',
  kakao: '/__pay/kakao',
  card: '/__pay/card',
  cardResult: '/__pay/card/result',
} as const;
export type EasyPayProvider = 'naver' | 'kakao';
/** Hecto's method names of the two easy-pay providers. */
export const EASY_PAY_METHODS: Record<EasyPayProvider, string> = { naver: 'NAVERPAY', kakao: 'KAKAOPAY' };
export const MERCHANT_ID = 'creatormk';
/** A card payment whose payer id is this is refused by the mock card provider (`card-payment-failed`). */
export const DECLINED_PAYER_ID = 'decline';

/** The goods name the providers show: the first product, and how many other lines ('곰돌이 키링 외 1건'). */
export function goodsName(receipt: Receipt): string {
  const first = receipt.productList[0]?.title ?? '주문 상품';
  const others = receipt.productList.length - 1;
  return (others > 0 ? `${first} 외 ${others}건` : first).slice(0, 100);
}

/** What the easy-pay form's signature covers: every field the page trusts. */
export function easyPaySignedParts(
  provider: EasyPayProvider,
  fields: { world: string; mchtTrdNo: string; trdAmt: string; nextUrl: string },
): string[] {
  return [provider, fields.world, fields.mchtTrdNo, fields.trdAmt, fields.nextUrl];
}

/** What the card payment's auth key covers. */
export function cardSignedParts(world: string, publicId: string, total: number): string[] {
  return ['card', world, publicId, String(total)];
}

/** The world's name as the pages carry it ('' for the default world, which needs no header). */
export const worldField = (world: World) => (world.name === DEFAULT_WORLD ? '' : world.name);

function easyPayParams(provider: EasyPayProvider, world: World, row: ReceiptRow, returnOrigin: string, serverOrigin: string) {
  const { receipt } = row;
  const fields = {
    mchtId: MERCHANT_ID,
    method: EASY_PAY_METHODS[provider],
    mchtTrdNo: receipt.publicId,
    trdAmt: String(receipt.totalPrice),
    mchtCustNm: receipt.buyerAccount.name,
    pmtprdNm: goodsName(receipt),
    nextUrl: `${returnOrigin}/r/${receipt.publicId}/pay`,
    world: worldField(world),
  };
  const pktHash = paymentSignature(easyPaySignedParts(provider, fields));
  return { data: { action: `${serverOrigin}${PAY_PAGE_PATHS[provider]}`, method: 'POST' as const, fields: { ...fields, pktHash } } };
}

export const paymentHandlers = {
  getNaverPayParams({ user, query, origin, originAllowed }, { world, now }) {
    if (!originAllowed(query.origin)) throw unlistedOrigin(query.origin);
    const row = ownReceipt(world.store, signedIn(user), query.receipt);
    assertPayable(row.receipt, now);
    return easyPayParams('naver', world, row, query.origin, origin);
  },

  getKakaoPayParams({ user, query, origin, originAllowed }, { world, now }) {
    if (!originAllowed(query.origin)) throw unlistedOrigin(query.origin);
    const row = ownReceipt(world.store, signedIn(user), query.receipt);
    assertPayable(row.receipt, now);
    return easyPayParams('kakao', world, row, query.origin, origin);
  },

  payWithAppCard({ user, body, origin }, { world, now }) {
    const account = signedIn(user);
    const { receipt } = ownReceipt(world.store, account, body.publicId);
    assertPayable(receipt, now);
    if (body.payerId === DECLINED_PAYER_ID) {
      throw new ApiFailure(400, 'card-payment-failed', { message: '카드사 인증에 실패했습니다. (가맹점 인증 오류)' });
    }
    const authKey = paymentSignature(cardSignedParts(worldField(world), receipt.publicId, receipt.totalPrice));
    const page = new URL(`${origin}${PAY_PAGE_PATHS.card}`);
    page.searchParams.set('oid', receipt.publicId);
    page.searchParams.set('key', authKey);
    if (worldField(world)) page.searchParams.set('world', worldField(world));
    return {
      data: {
        PCD_PAY_TYPE: 'card' as const,
        PCD_PAY_WORK: 'PAY' as const,
        PCD_CARD_VER: '02' as const,
        PCD_PAY_OID: receipt.publicId,
        PCD_PAY_GOODS: goodsName(receipt),
        PCD_PAY_TOTAL: receipt.totalPrice,
        PCD_PAYER_NO: account.uid,
        ...(body.payerId ? { PCD_PAYER_ID: body.payerId } : {}),
        PCD_PAYER_NAME: receipt.buyerAccount.name,
        PCD_RST_URL: `${origin}${PAY_PAGE_PATHS.cardResult}`,
        PCD_CST_ID: MERCHANT_ID,
        PCD_CUST_KEY: paymentSignature(['cust', account.uid]),
        PCD_AUTH_KEY: authKey,
        PCD_PAY_URL: page.toString(),
      },
    };
  },

  issueVirtualAccount({ user, body }, { world, now }) {
    const row = ownReceipt(world.store, signedIn(user), body.receipt);
    return { data: issueVirtualAccount(world, row, now) };
  },
} satisfies Partial<HandlerMap>;
