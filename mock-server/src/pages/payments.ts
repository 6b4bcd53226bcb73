// The mock payment providers' pages. The app posts the hidden form of `getNaverPayParams` /
// `getKakaoPayParams` to POST /__pay/naver or /__pay/kakao and opens `PCD_PAY_URL` of `payWithAppCard`
// (GET /__pay/card). Each page shows the order amount with '결제하기' (approve) and '취소' (decline):
// approving marks the receipt paid and 303-redirects to `{app origin}/r/{publicId}/pay?result=success`;
// declining redirects with `result=failed` and changes nothing. Forms carry no token, so the fields are
// signed by the API that handed them out (and name the X-Mock-World they belong to).
import { formatWon } from '@creator-market/sdk/domain';
import {
  cardSignedParts,
  EASY_PAY_METHODS,
  easyPaySignedParts,
  goodsName,
  PAY_PAGE_PATHS,
  type EasyPayProvider,
} from '../handlers/payment';
import type { AccessPolicy } from '../http/access-policy';
import { htmlAnswer, redirectAnswer, type Answer } from '../http/exchange';
import { ApiFailure, unlistedOrigin } from '../http/failure';
import { escapeHtml } from '../http/html';
import { readForm, type Route, type RouteContext } from '../http/routes';
import { findReceipt, markPaid, paymentRefusal, paymentSignature, paymentState } from '../world/orders';
import { WorldRegistry } from '../world/registry';
import type { ReceiptRow } from '../world/store';
import type { World } from '../world/world';

const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?$/;
const RETURN_URL = /^(https?:\/\/[A-Za-z0-9.-]+(?::[0-9]{1,5})?)\/r\/([0-9]{12})\/pay$/;
const PUBLIC_ID = /^[0-9]{12}$/;

/** Card issuers the mock card page offers; the chosen one becomes `paymentResult.name`. */
export const CARD_ISSUERS = [
  '신한카드',
  'KB국민카드',
  '삼성카드',
  '현대카드',
  '롯데카드',
  '우리카드',
  '하나카드',
  'BC카드',
  'NH농협카드',
] as const;

const BRANDS: Record<EasyPayProvider, { name: string; type: 'naverpay' | 'kakaopay'; background: string; text: string; logo: string }> = {
  naver: { name: '네이버페이', type: 'naverpay', background: '#03C75A', text: '#FFFFFF', logo: 'N pay' },
  kakao: { name: '카카오페이', type: 'kakaopay', background: '#FEE500', text: '#191919', logo: 'pay' },
};

const badRequest = (message: string) => new ApiFailure(400, 'bad-request', { message });

/** What the card page asks for, and what the server answers a card form approved without an issuer. */
export const CARD_REQUIRED = '결제할 카드사를 선택해주세요.';
const cardMissing = () =>
  new ApiFailure(400, 'bad-request', { message: CARD_REQUIRED, details: [{ path: '/body/card', message: 'must choose a card issuer' }] });

type Fields = Record<string, unknown>;

/** The posted form's fields (20 kB, 50 fields at most; a request without a form has none). */
function formOf(context: RouteContext): Promise<Fields> {
  return readForm(context.request);
}

function field(fields: Fields, name: string, required = true): string {
  const value = fields[name];
  if (typeof value === 'string' && value.length <= 2048) return value;
  if (value === undefined && !required) return '';
  throw new ApiFailure(400, 'bad-request', {
    message: '결제 요청 형식이 올바르지 않아요.',
    details: [{ path: `/body/${name}`, message: 'must be a string' }],
  });
}

/** The world a signed form names ('' = the default world). */
function worldOf(worlds: WorldRegistry, name: string): World {
  if (!name) return worlds.defaultWorld;
  if (!WorldRegistry.isValidName(name)) throw badRequest('X-Mock-World 이름이 올바르지 않아요.');
  return worlds.fromRequest(name);
}

/** An approval number of the mock provider: 8 digits, different for every payment. */
function approvalNumber(publicId: string, now: number): string {
  return String(parseInt(paymentSignature(['approval', publicId, String(now)]).slice(0, 8), 16) % 100_000_000).padStart(8, '0');
}

type EasyPayFields = Record<
  'mchtId' | 'method' | 'mchtTrdNo' | 'trdAmt' | 'mchtCustNm' | 'pmtprdNm' | 'nextUrl' | 'world' | 'pktHash',
  string
>;

interface EasyPayForm {
  world: World;
  row: ReceiptRow;
  fields: EasyPayFields;
  returnUrl: string;
}

/** Checks a posted easy-pay form: the signature, the return address, the receipt and its amount. */
function readEasyPayForm(provider: EasyPayProvider, worlds: WorldRegistry, body: Fields, access: AccessPolicy): EasyPayForm {
  const fields: EasyPayFields = {
    mchtId: field(body, 'mchtId'),
    method: field(body, 'method'),
    mchtTrdNo: field(body, 'mchtTrdNo'),
    trdAmt: field(body, 'trdAmt'),
    mchtCustNm: field(body, 'mchtCustNm', false),
    pmtprdNm: field(body, 'pmtprdNm', false),
    nextUrl: field(body, 'nextUrl'),
    world: field(body, 'world', false),
    pktHash: field(body, 'pktHash'),
  };
  if (fields.method !== EASY_PAY_METHODS[provider]) throw badRequest(`${BRANDS[provider].name} 결제 요청이 아니에요.`);
  if (fields.pktHash !== paymentSignature(easyPaySignedParts(provider, fields))) throw badRequest('결제 요청의 서명이 올바르지 않아요.');
  const returnTo = RETURN_URL.exec(fields.nextUrl);
  if (!returnTo || returnTo[2] !== fields.mchtTrdNo) throw badRequest('돌아갈 주소가 올바르지 않아요.');
  if (!access.originAllowed(returnTo[1]!)) throw unlistedOrigin(returnTo[1]!);
  const world = worldOf(worlds, fields.world);
  const row = findReceipt(world.store, fields.mchtTrdNo);
  if (String(row.receipt.totalPrice) !== fields.trdAmt) throw badRequest('결제 금액이 주문 금액과 달라요.');
  return { world, row, fields, returnUrl: fields.nextUrl };
}

function redirect(context: RouteContext, returnUrl: string, result: 'success' | 'failed'): Answer {
  return redirectAnswer(`${returnUrl}?result=${result}`, 303, context.headers);
}

/** Whether the order is paid already (back to a provider page after paying, or a second 결제하기). */
const alreadyPaid = (world: World, row: ReceiptRow) => paymentState(row.receipt, world.clock.now()) === 'success';

/**
 * The page a paid order's provider page becomes: it says so and links to the app's receipt (`receiptUrl`,
 * none when the page has nowhere to return).
 */
function alreadyPaidPage(context: RouteContext, receiptUrl: string): Answer {
  return htmlAnswer(200, resultPage(ALREADY_PAID, '이 주문은 결제가 끝났어요. 다시 결제하지 않아도 돼요.', receiptUrl), {
    ...context.headers,
    'Cache-Control': 'no-store',
  });
}

const ALREADY_PAID = '이미 결제가 완료된 주문이에요';

export function paymentPageRoutes(worlds: WorldRegistry, access: AccessPolicy): Route[] {
  const routes: Route[] = [];

  for (const provider of ['naver', 'kakao'] as const) {
    const path = PAY_PAGE_PATHS[provider];

    routes.push({
      method: 'POST',
      path,
      async handle(context) {
        const { world, row, fields, returnUrl } = readEasyPayForm(provider, worlds, await formOf(context), access);
        if (alreadyPaid(world, row)) return alreadyPaidPage(context, receiptUrlOf(returnUrl));
        const refusal = paymentRefusal(row.receipt, world.clock.now());
        if (refusal) throw refusal;
        const brand = BRANDS[provider];
        return htmlAnswer(
          200,
          providerPage({
            title: `${brand.name} 결제`,
            brand,
            amount: row.receipt.totalPrice,
            goods: fields.pmtprdNm || goodsName(row.receipt),
            buyer: fields.mchtCustNm,
            action: `${context.request.origin}${path}/complete`,
            hidden: fields,
          }),
          context.headers,
        );
      },
    });

    routes.push({
      method: 'POST',
      path: `${path}/complete`,
      async handle(context) {
        const body = await formOf(context);
        const { world, row, returnUrl } = readEasyPayForm(provider, worlds, body, access);
        const decision = field(body, 'decision');
        if (decision !== 'approve' && decision !== 'decline') throw badRequest('결제 결정이 올바르지 않아요.');
        const now = world.clock.now();
        // Paid already (a second 결제하기, or 결제하기 on the page back from the app): nothing is paid again, and
        // the app shows the receipt, not a second '결제에 성공했어요'.
        if (alreadyPaid(world, row)) return redirectAnswer(receiptUrlOf(returnUrl), 303, context.headers);
        // An order that cannot be paid any more (cancelled) is a failed payment; nothing changes.
        if (decision === 'decline' || paymentRefusal(row.receipt, now)) return redirect(context, returnUrl, 'failed');
        markPaid(
          world,
          row.receipt.publicId,
          { type: BRANDS[provider].type, name: BRANDS[provider].name, no: approvalNumber(row.receipt.publicId, now) },
          now,
        );
        world.touched();
        return redirect(context, returnUrl, 'success');
      },
    });
  }

  // The app card: PCD_PAY_URL of payWithAppCard. The page returns to `origin` (query) or to the origin of
  // the page that opened it (Referer); without either it shows the result itself.
  routes.push({
    method: 'GET',
    path: PAY_PAGE_PATHS.card,
    handle(context) {
      const query: Fields = context.query;
      const origin = returnOrigin(field(query, 'origin', false), context.request.header('referer'), access);
      const { world, row } = readCardKey(worlds, field(query, 'oid'), field(query, 'key'), field(query, 'world', false));
      if (alreadyPaid(world, row)) return alreadyPaidPage(context, origin ? `${origin}/r/${row.receipt.publicId}` : '');
      const refusal = paymentRefusal(row.receipt, world.clock.now());
      if (refusal) throw refusal;
      return htmlAnswer(
        200,
        providerPage({
          title: '카드 결제',
          brand: { name: '앱카드 결제', background: '#1F4BD8', text: '#FFFFFF', logo: 'CARD' },
          amount: row.receipt.totalPrice,
          goods: goodsName(row.receipt),
          buyer: row.receipt.buyerAccount.name,
          action: `${context.request.origin}${PAY_PAGE_PATHS.cardResult}`,
          hidden: { PCD_PAY_OID: row.receipt.publicId, PCD_AUTH_KEY: field(query, 'key'), world: field(query, 'world', false), origin },
          cardChoice: true,
        }),
        context.headers,
      );
    },
  });

  // PCD_RST_URL: the card provider reports the buyer's decision here.
  routes.push({
    method: 'POST',
    path: PAY_PAGE_PATHS.cardResult,
    async handle(context) {
      const body = await formOf(context);
      const { world, row } = readCardKey(worlds, field(body, 'PCD_PAY_OID'), field(body, 'PCD_AUTH_KEY'), field(body, 'world', false));
      const decision = field(body, 'decision');
      if (decision !== 'approve' && decision !== 'decline') throw badRequest('결제 결정이 올바르지 않아요.');
      const card = field(body, 'card', false);
      if (card && !(CARD_ISSUERS as readonly string[]).includes(card)) throw badRequest('지원하지 않는 카드사예요.');
      const origin = field(body, 'origin', false);
      if (origin && !ORIGIN.test(origin)) throw badRequest('돌아갈 주소가 올바르지 않아요.');
      if (origin && !access.originAllowed(origin)) throw unlistedOrigin(origin);
      const now = world.clock.now();
      if (alreadyPaid(world, row)) {
        return origin ? redirectAnswer(`${origin}/r/${row.receipt.publicId}`, 303, context.headers) : alreadyPaidPage(context, '');
      }
      // Paying needs the buyer's own choice of issuer (the page chooses none); declining needs none.
      if (decision === 'approve' && !card) throw cardMissing();
      const paid = decision === 'approve' && !paymentRefusal(row.receipt, now);
      if (paid) {
        markPaid(world, row.receipt.publicId, { type: 'card', name: card, no: approvalNumber(row.receipt.publicId, now) }, now);
        world.touched();
      }
      const result = paid ? 'success' : 'failed';
      if (origin) return redirect(context, `${origin}/r/${row.receipt.publicId}/pay`, result);
      return htmlAnswer(
        200,
        resultPage(paid ? '결제가 완료되었어요' : '결제를 완료하지 못했어요', '앱으로 돌아가 결제 결과를 확인해주세요.'),
        context.headers,
      );
    },
  });

  return routes;
}

/** The app's receipt page of a pay page's return address (`…/r/{publicId}/pay` → `…/r/{publicId}`). */
const receiptUrlOf = (returnUrl: string) => returnUrl.replace(/\/pay$/, '');

function readCardKey(worlds: WorldRegistry, publicId: string, key: string, worldName: string): { world: World; row: ReceiptRow } {
  if (!PUBLIC_ID.test(publicId)) throw badRequest('주문번호가 올바르지 않아요.');
  const world = worldOf(worlds, worldName);
  const row = findReceipt(world.store, publicId);
  if (key !== paymentSignature(cardSignedParts(worldName, publicId, row.receipt.totalPrice)))
    throw badRequest('결제 인증 키가 올바르지 않아요.');
  return { world, row };
}

/** Where the card page returns: the `origin` query, else the origin of the page that opened it, else nowhere. */
function returnOrigin(queryOrigin: string, referer: string | undefined, access: AccessPolicy): string {
  if (queryOrigin) {
    if (!ORIGIN.test(queryOrigin)) throw badRequest('돌아갈 주소가 올바르지 않아요.');
    if (!access.originAllowed(queryOrigin)) throw unlistedOrigin(queryOrigin);
    return queryOrigin;
  }
  try {
    const origin = referer ? new URL(referer).origin : '';
    return ORIGIN.test(origin) && access.originAllowed(origin) ? origin : '';
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------- HTML

interface ProviderPage {
  title: string;
  brand: { name: string; background: string; text: string; logo: string };
  amount: number;
  goods: string;
  buyer: string;
  action: string;
  hidden: Record<string, string>;
  cardChoice?: boolean;
}

function providerPage(page: ProviderPage): string {
  const hidden = Object.entries(page.hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n      ');
  // No issuer is chosen for the buyer: the empty first option keeps `required` from passing until one is.
  const cards = page.cardChoice
    ? `<label class="row">카드사
        <select name="card" required aria-describedby="card-hint"><option value="">카드사 선택</option>${CARD_ISSUERS.map((c) => `<option>${escapeHtml(c)}</option>`).join('')}</select>
      </label>
      <p class="hint" id="card-hint">${escapeHtml(CARD_REQUIRED)}</p>`
    : '';
  return `<!doctype html>
<html lang="ko">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(page.title)}</title>
  <style>
    body{margin:0;font-family:'Noto Sans KR',system-ui,sans-serif;background:#F5F6F8;color:#191919}
    header{background:${page.brand.background};color:${page.brand.text};padding:20px 24px;font-size:20px;font-weight:700}
    header b{font-size:24px;margin-right:8px}
    main{max-width:420px;margin:24px auto;padding:0 16px}
    .card{background:#fff;border-radius:16px;padding:24px;box-shadow:0 2px 8px rgba(0,0,0,.06)}
    .row{display:flex;justify-content:space-between;gap:12px;margin:10px 0;color:#555}
    .amount{font-size:28px;font-weight:700;margin:8px 0 20px;color:#191919}
    .buttons{display:flex;gap:12px;margin-top:24px}
    button{flex:1;border:0;border-radius:12px;padding:16px;font-size:17px;font-weight:700;cursor:pointer}
    .approve{background:${page.brand.background};color:${page.brand.text}}
    .decline{background:#E9EBEE;color:#333}
    .note{font-size:12px;color:#888;margin-top:16px;text-align:center}
    .hint{font-size:13px;color:#555;margin:0 0 10px;text-align:right}
  </style>
</head>
<body>
  <header><b>${escapeHtml(page.brand.logo)}</b>${escapeHtml(page.brand.name)}</header>
  <main>
    <form class="card" method="POST" action="${escapeHtml(page.action)}">
      <div>결제 금액</div>
      <div class="amount" data-testid="pay-amount">${escapeHtml(formatWon(page.amount))}</div>
      <div class="row"><span>상품</span><span>${escapeHtml(page.goods)}</span></div>
      <div class="row"><span>주문자</span><span>${escapeHtml(page.buyer)}</span></div>
      <div class="row"><span>가맹점</span><span>크리에이터마켓</span></div>
      ${cards}
      ${hidden}
      <div class="buttons">
        <button class="decline" type="submit" name="decision" value="decline" formnovalidate>취소</button>
        <button class="approve" type="submit" name="decision" value="approve">결제하기</button>
      </div>
      <p class="note">테스트용 결제 화면이에요. 실제로 결제되지 않아요.</p>
    </form>
  </main>
</body>
</html>`;
}

function resultPage(title: string, message: string, backUrl = ''): string {
  const back = backUrl ? `\n  <p><a href="${escapeHtml(backUrl)}">주문 내역 보기</a></p>` : '';
  return `<!doctype html>
<html lang="ko">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="font-family:'Noto Sans KR',system-ui,sans-serif;text-align:center;padding:48px 16px">
  <h1 style="font-size:22px">${escapeHtml(title)}</h1>
  <p>${escapeHtml(message)}</p>${back}
</body>
</html>`;
}
