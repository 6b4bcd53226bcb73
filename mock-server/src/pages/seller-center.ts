// The mock seller center: the pages the app's seller links open (app/src/services/sellerCenter.ts), in place of
// the real seller site, which the mock cannot reach. Each says what the real one would do and lets the
// tester complete it in the world:
//
// - GET /__seller/join: '작가 신청하기'. Approving makes the account an author (level 1) with an author page.
// - GET /__seller/profile: '프로필 완성하기'. Saves the settlement account, business registration and
//   inquiry contact to the seller's records, so the app shows the seller dashboard.
// - GET /__seller/transaction/{transactionId}?token=: a sales notification's order. Shows the receipt and
//   moves it as the seller would (결제 확인 1, 발송 처리 3 with the invoice, 판매 취소 11) through the same
//   operation as the control plane's test helper.
// - GET /__seller/account: '작가 계정'. The seller's account and profile fields, read-only, with a link to
//   the profile page to change them.
// - GET /__seller/market: '마켓 관리'. The seller's markets with their state; opening or closing one now
//   goes through the same code as the control plane's market helpers.
// - GET /__seller/preview/new: '새 소식 쓰기'. Publishes upcoming-release news (text, release date, a cover
//   from the seeded images) that the app's preview lists then show.
//
// Join, profile, account, market and news name the account (`uid`, as the control plane's persona sign-in does; the real site
// has its own sign-in) and the world (`world`, '' = the default one); the transaction page reads both from
// the token GET /notification/market issued. Every page returns to the app at `state`, an origin the access
// policy allows (the same rule as the sign-in and pay pages); a form posted from a page of another site
// (its Origin neither allowed nor this server's) is refused, so no other page can change a world through them.
import {
  BANKS,
  COURIERS,
  formatDateTime,
  formatWon,
  latestStatus,
  marketState,
  RECEIPT_STATUS,
  receiptStatusBadge,
  USER_LEVEL,
  type MarketState,
} from '@creator-market/sdk/domain';
import { closeMarket, openMarket } from '../control/helpers';
import type { AccessPolicy } from '../http/access-policy';
import { htmlAnswer, redirectAnswer, type Answer, type CoreRequest } from '../http/exchange';
import { ApiFailure, unlistedOrigin } from '../http/failure';
import { escapeHtml } from '../http/html';
import { readForm, type Route, type RouteContext } from '../http/routes';
import { findReceipt, setReceiptStatus, type SellerStatus } from '../world/orders';
import { WorldRegistry } from '../world/registry';
import {
  applicationProblem,
  approveSeller,
  BUSINESS_TYPES,
  completeSellerProfile,
  previewCoverChoices,
  previewProblem,
  profileProblem,
  publishPreview,
  readTransactionToken,
  type PreviewInput,
  type SellerProfileInput,
} from '../world/seller-center';
import type { Account } from '../world/store';
import type { World } from '../world/world';

export const SELLER_CENTER_PATH = '/__seller';

type Fields = Record<string, unknown>;

const badRequest = (message: string) => new ApiFailure(400, 'bad-request', { message });

function field(fields: Fields, name: string, required = true): string {
  const value = fields[name];
  if (typeof value === 'string' && value.length <= 2048) return value;
  if (value === undefined && !required) return '';
  throw new ApiFailure(400, 'bad-request', {
    message: '판매자 센터 요청 형식이 올바르지 않아요.',
    details: [{ path: `/${name}`, message: 'must be a string' }],
  });
}

/** The app's origin to return to: exactly an http(s) origin the access policy allows. */
function returnOrigin(state: string, access: AccessPolicy): string {
  let origin: string | null = null;
  try {
    const url = new URL(state);
    origin = (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === state ? url.origin : null;
  } catch {
    origin = null;
  }
  if (!origin) throw badRequest('state는 앱의 웹 주소(http 또는 https, 경로 없음)여야 해요.');
  if (!access.originAllowed(origin)) throw unlistedOrigin(origin);
  return origin;
}

/** A form may be posted by a page of this server or of an allowed origin, never by another site's page. */
function assertPostedHere(request: CoreRequest, access: AccessPolicy): void {
  const origin = request.header('origin');
  if (origin === undefined || origin === 'null') return;
  const own = request.origin;
  if (origin.toLowerCase() === own.toLowerCase() || access.originAllowed(origin)) return;
  throw new ApiFailure(403, 'forbidden', { message: `판매자 센터의 변경은 이 출처(${origin})의 페이지에서 할 수 없어요.` });
}

function worldOf(worlds: WorldRegistry, name: string): World {
  if (!name) return worlds.defaultWorld;
  if (!WorldRegistry.isValidName(name)) throw badRequest('X-Mock-World 이름이 올바르지 않아요.');
  return worlds.fromRequest(name);
}

function accountOf(world: World, uid: string): Account {
  const account = world.store.accounts.get(uid);
  if (!account) throw new ApiFailure(404, 'not-found', { message: '계정을 찾을 수 없어요.' });
  return account;
}

interface AccountPage {
  world: World;
  account: Account;
  /** The app's origin, where the pages send the user back. */
  origin: string;
  /** This server's own address (the door's base included), which the pages' forms post to. */
  server: string;
  hidden: Record<string, string>;
}

function readAccountPage(worlds: WorldRegistry, fields: Fields, access: AccessPolicy, server: string): AccountPage {
  const origin = returnOrigin(field(fields, 'state'), access);
  const worldName = field(fields, 'world', false);
  const world = worldOf(worlds, worldName);
  const uid = field(fields, 'uid');
  return { world, account: accountOf(world, uid), origin, server, hidden: { uid, world: worldName, state: origin } };
}

export function sellerCenterRoutes(worlds: WorldRegistry, access: AccessPolicy): Route[] {
  /** A posted form of a page, read before the check of where it was posted from (as the form parser ran first). */
  const postedForm = async (context: RouteContext): Promise<Fields> => {
    const body = await readForm(context.request);
    assertPostedHere(context.request, access);
    return body;
  };

  return [
    // ---- 작가 신청하기
    {
      method: 'GET',
      path: `${SELLER_CENTER_PATH}/join`,
      handle(context) {
        const page = readAccountPage(worlds, context.query, access, context.request.origin);
        return sendPage(context, 200, joinPage(page, null, { name: page.account.auth.displayName ?? '', publicId: '' }));
      },
    },
    {
      method: 'POST',
      path: `${SELLER_CENTER_PATH}/join`,
      async handle(context) {
        const body = await postedForm(context);
        const page = readAccountPage(worlds, body, access, context.request.origin);
        const input = { name: field(body, 'name'), publicId: field(body, 'publicId').trim().toLowerCase() };
        const problem = applicationProblem(page.world, page.account, input);
        if (problem) return sendPage(context, 400, joinPage(page, problem, input));
        approveSeller(page.world, page.account, input, page.world.clock.now());
        return redirectAnswer(`${page.origin}/my`, 303, context.headers);
      },
    },

    // ---- 프로필 완성하기
    {
      method: 'GET',
      path: `${SELLER_CENTER_PATH}/profile`,
      handle(context) {
        const page = readAccountPage(worlds, context.query, access, context.request.origin);
        return sendPage(context, 200, profilePage(page, null, profileInputOf(page.account)));
      },
    },
    {
      method: 'POST',
      path: `${SELLER_CENTER_PATH}/profile`,
      async handle(context) {
        const body = await postedForm(context);
        const page = readAccountPage(worlds, body, access, context.request.origin);
        const input = profileInputFrom(body);
        const problem =
          page.account.user.level !== USER_LEVEL.seller
            ? '작가 계정만 프로필을 완성할 수 있어요. 먼저 작가 신청을 해주세요.'
            : profileProblem(input);
        if (problem) return sendPage(context, 400, profilePage(page, problem, input));
        completeSellerProfile(page.world, page.account, input, page.world.clock.now());
        return redirectAnswer(`${page.origin}/my`, 303, context.headers);
      },
    },

    // ---- 작가 계정 (read-only; changes go through 프로필 완성하기)
    {
      method: 'GET',
      path: `${SELLER_CENTER_PATH}/account`,
      handle(context) {
        return sendPage(context, 200, accountPage(readAccountPage(worlds, context.query, access, context.request.origin)));
      },
    },

    // ---- 마켓 관리
    {
      method: 'GET',
      path: `${SELLER_CENTER_PATH}/market`,
      handle(context) {
        const page = readAccountPage(worlds, context.query, access, context.request.origin);
        return sendPage(context, 200, marketPage(page, null));
      },
    },
    {
      method: 'POST',
      path: `${SELLER_CENTER_PATH}/market`,
      async handle(context) {
        const body = await postedForm(context);
        const page = readAccountPage(worlds, body, access, context.request.origin);
        const action = field(body, 'action');
        if (action !== 'open' && action !== 'close') throw badRequest('처리 방법이 올바르지 않아요.');
        const row = page.world.store.markets.get(field(body, 'marketId'));
        // Only the seller's own markets: another seller's market is as unknown as a missing one.
        if (!row || row.sellerUID !== page.account.uid) return sendPage(context, 400, marketPage(page, '이 작가의 마켓이 아니에요.'));
        const market = action === 'open' ? openMarket(page.world, row.market._id) : closeMarket(page.world, row.market._id);
        page.world.touched();
        return redirectAnswer(`${page.origin}/m/${encodeURIComponent(market.sellerPublicId)}/${market.publicId}`, 303, context.headers);
      },
    },

    // ---- 새 소식 쓰기
    {
      method: 'GET',
      path: `${SELLER_CENTER_PATH}/preview/new`,
      handle(context) {
        const page = readAccountPage(worlds, context.query, access, context.request.origin);
        const covers = previewCoverChoices(page.world, page.account.uid);
        return sendPage(context, 200, previewPage(page, null, { contents: '', schedule: '', cover: covers[0] ?? '' }));
      },
    },
    {
      method: 'POST',
      path: `${SELLER_CENTER_PATH}/preview/new`,
      async handle(context) {
        const body = await postedForm(context);
        const page = readAccountPage(worlds, body, access, context.request.origin);
        const input: PreviewInput = {
          contents: field(body, 'contents'),
          schedule: field(body, 'schedule'),
          cover: field(body, 'cover', false),
        };
        const now = page.world.clock.now();
        const problem = previewProblem(page.world, page.account, input, now);
        if (problem) return sendPage(context, 400, previewPage(page, problem, input));
        publishPreview(page.world, page.account, input, now);
        return redirectAnswer(`${page.origin}/promo/preview`, 303, context.headers);
      },
    },

    ...transactionRoutes(worlds, access, postedForm),
  ];
}

/** What 프로필 완성하기 posted: the settlement account, the business and the inquiry contact. */
function profileInputFrom(body: Fields): SellerProfileInput {
  return {
    bank: { no: field(body, 'bankNo').replace(/\D/g, ''), name: field(body, 'bankName'), type: field(body, 'bankType') },
    business: {
      type: field(body, 'businessType'),
      regNo: field(body, 'regNo').replace(/\D/g, ''),
      name: field(body, 'businessName'),
      ceo: field(body, 'ceo'),
      addr: field(body, 'addr'),
      addr2: field(body, 'addr2', false),
      tel: field(body, 'tel'),
      email: field(body, 'email'),
      mailOrderNo: field(body, 'mailOrderNo'),
      terms: field(body, 'terms', false) === 'on',
    },
    inquiry: { tel: field(body, 'inquiryTel', false), time: field(body, 'inquiryTime', false) },
  };
}

/**
 * A sales notification's order (the link in the seller's notification): the order with its next steps
 * (paid, shipped with a courier and invoice number, cancelled with a reason). The link's token names the
 * world and the seller.
 */
function transactionRoutes(worlds: WorldRegistry, access: AccessPolicy, postedForm: (context: RouteContext) => Promise<Fields>): Route[] {
  const transactionOf = (context: RouteContext, fields: Fields) => {
    const tx = String(context.params.transactionId);
    const token = field(fields, 'token');
    const origin = returnOrigin(field(fields, 'state'), access);
    const match = /^tx_([0-9]{12})$/.exec(tx);
    if (!match) throw badRequest('주문 처리 번호가 올바르지 않아요.');
    const worldNamed = (name: string) => worldOf(worlds, name === 'default' ? '' : name);
    const claims = readTransactionToken(token, tx, (name) => worldNamed(name).clock.now());
    const world = worldNamed(claims.world);
    const row = findReceipt(world.store, match[1]!);
    if (row.sellerUID !== claims.sub) throw new ApiFailure(403, 'permission-denied');
    return { world, row, origin, hidden: { token, state: origin } };
  };

  return [
    {
      method: 'GET',
      path: `${SELLER_CENTER_PATH}/transaction/{transactionId}`,
      handle(context) {
        const page = transactionOf(context, context.query);
        return sendPage(context, 200, transactionPage(`${context.request.origin}${context.request.pathname}`, page, null));
      },
    },
    {
      method: 'POST',
      path: `${SELLER_CENTER_PATH}/transaction/{transactionId}`,
      async handle(context) {
        const body = await postedForm(context);
        const page = transactionOf(context, body);
        const action = field(body, 'action');
        const statuses: Record<string, SellerStatus> = { paid: 1, ship: 3, cancel: 11 };
        const status = statuses[action];
        if (status === undefined) throw badRequest('처리 방법이 올바르지 않아요.');
        const company = field(body, 'company', false);
        const invoiceNo = field(body, 'invoiceNo', false).trim();
        const reason = field(body, 'reason', false).trim();
        let problem: string | null = null;
        if (status === 3 && !COURIERS.some((courier) => courier.name === company)) problem = '택배사를 선택해주세요.';
        else if (status === 3 && !/^[0-9A-Za-z-]{6,30}$/.test(invoiceNo)) problem = '송장번호는 영문, 숫자, - 로 6~30자예요.';
        else if (status === 11 && (!reason || reason.length > 200)) problem = '판매 취소 사유를 입력해주세요.';
        if (problem) return sendPage(context, 400, transactionPage(`${context.request.origin}${context.request.pathname}`, page, problem));
        try {
          setReceiptStatus(
            page.world,
            page.row.receipt.publicId,
            status,
            status === 3 ? { invoice: { company, no: invoiceNo } } : status === 11 ? { msg: reason } : {},
            page.world.clock.now(),
          );
        } catch (error) {
          // A step out of order (already cancelled, shipped before paid): said on the page, nothing changes.
          if (error instanceof ApiFailure && error.status === 400) {
            const message = (error.body as { message?: string }).message ?? '이 주문은 지금 그렇게 처리할 수 없어요.';
            return sendPage(context, 400, transactionPage(`${context.request.origin}${context.request.pathname}`, page, message));
          }
          throw error;
        }
        page.world.touched();
        return redirectAnswer(`${page.origin}/message/seller`, 303, context.headers);
      },
    },
  ];
}

function profileInputOf(account: Account): SellerProfileInput {
  const seller = account.seller;
  const bank = seller?.bank;
  const business = seller?.business;
  return {
    bank: { no: bank?.no ?? '', name: bank?.name ?? '', type: bank?.type ?? '' },
    business: {
      type: business?.type ?? '개인사업자',
      regNo: business?.regNo ?? '',
      name: business?.name ?? seller?.info?.name ?? '',
      ceo: business?.ceo ?? '',
      addr: business?.addr ?? '',
      addr2: business?.addr2 ?? '',
      tel: business?.tel ?? '',
      email: business?.email ?? account.auth.email ?? '',
      mailOrderNo: business?.mailOrderNo ?? '',
      terms: business?.terms ?? false,
    },
    inquiry: { tel: seller?.inquiry.tel ?? '', time: seller?.inquiry.time ?? '' },
  };
}

// ---------------------------------------------------------------- HTML

function sendPage(context: RouteContext, status: number, html: string): Answer {
  return htmlAnswer(status, html, { ...context.headers, 'Cache-Control': 'no-store' });
}

const hiddenInputs = (hidden: Record<string, string>) =>
  Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');

const input = (name: string, label: string, value: string, extra = '') =>
  `<label>${escapeHtml(label)}<input name="${name}" value="${escapeHtml(value)}" ${extra}></label>`;

const select = (name: string, label: string, options: readonly { value: string; label: string }[], value: string) =>
  `<label>${escapeHtml(label)}<select name="${name}" required><option value="">선택해주세요</option>${options
    .map((o) => `<option value="${escapeHtml(o.value)}"${o.value === value ? ' selected' : ''}>${escapeHtml(o.label)}</option>`)
    .join('')}</select></label>`;

function layout(title: string, body: string, origin: string): string {
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - 크리에이터마켓 판매자 센터 (모의)</title>
<style>
*{box-sizing:border-box}body{margin:0;background:#F5F6F8;color:#191F28;font-family:'Noto Sans KR',system-ui,sans-serif;word-break:keep-all;overflow-wrap:anywhere}
header{background:#191F28;color:#fff;padding:16px 20px;font-weight:700}
main{max-width:480px;margin:20px auto;padding:0 16px}
.card{background:#fff;border-radius:16px;padding:20px;margin-bottom:16px}
h1{font-size:20px;margin:0 0 8px}h2{font-size:16px;margin:20px 0 8px}
p{font-size:14px;line-height:1.6;color:#4E5968;margin:0 0 12px}
.mock{background:#FFF4E5;color:#7A4A00;border-radius:12px;padding:12px;font-size:13px}
.error{background:#FDECEC;color:#B42318;border-radius:12px;padding:12px;font-weight:600}
label{display:block;font-size:14px;font-weight:600;margin:12px 0 0}
input,select,textarea{display:block;width:100%;margin-top:6px;padding:12px;border:1px solid #8B95A1;border-radius:10px;font:inherit}
label.check{display:flex;gap:8px;align-items:center}label.check input{width:auto;margin:0}
button{display:block;width:100%;margin-top:16px;padding:14px;border:0;border-radius:12px;font-size:16px;font-weight:700;background:#191F28;color:#fff;cursor:pointer}
button.secondary{background:#E5E8EB;color:#191F28}button.danger{background:#B42318;color:#fff}
button:focus-visible,input:focus-visible,select:focus-visible,a:focus-visible{outline:3px solid #3182F6;outline-offset:2px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:14px;margin:0 0 12px}dt{color:#4E5968}dd{margin:0}
ul{padding-left:18px;font-size:14px}a{color:#1B64DA}
fieldset{border:0;padding:0;margin:12px 0 0}legend{font-size:14px;font-weight:600}
label.cover{display:inline-block;margin:6px 6px 0 0}label.cover input{display:inline;width:auto;margin:0 4px 0 0}label.cover img{border-radius:8px;vertical-align:middle}
</style>
</head>
<body>
<header>크리에이터마켓 판매자 센터 <small>(모의)</small></header>
<main>
${body}
<p><a href="${escapeHtml(origin)}/my">앱으로 돌아가기</a></p>
</main>
</body>
</html>`;
}

const errorBox = (problem: string | null) => (problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : '');

function joinPage(page: AccountPage, problem: string | null, values: { name: string; publicId: string }): string {
  const already = page.account.user.level === USER_LEVEL.seller;
  const body = `<section class="card">
<h1>작가 신청하기</h1>
<p>실제 판매자 센터에서는 작가명, 작가 페이지 주소, 판매할 물품과 SNS를 적은 신청서를 받고, 운영팀이 검토한 뒤 승인 결과를 알려드려요.</p>
<p class="mock">모의 서버에서는 검토 없이 바로 승인해요. 승인하면 이 계정(${escapeHtml(page.account.auth.displayName ?? page.account.uid)})이 이 세계에서 작가가 되고, 앱의 마이 페이지에서 '프로필 완성하기'를 이어서 할 수 있어요.</p>
${errorBox(problem)}
${
  already
    ? '<p class="error" role="alert">이미 작가로 등록된 계정이에요.</p>'
    : `<form method="POST" action="${escapeHtml(page.server)}${SELLER_CENTER_PATH}/join">
${hiddenInputs(page.hidden)}
${input('name', '작가명', values.name, 'required maxlength="30"')}
${input('publicId', '작가 페이지 주소 (영문 소문자, 숫자, -, _)', values.publicId, 'required pattern="[a-z0-9][a-z0-9_-]{1,39}" autocapitalize="off"')}
<button type="submit">신청하고 승인하기</button>
</form>`
}
</section>`;
  return layout('작가 신청하기', body, page.origin);
}

function profilePage(page: AccountPage, problem: string | null, v: SellerProfileInput): string {
  const banks = BANKS.map((bank) => ({ value: bank.code, label: bank.name }));
  const types = BUSINESS_TYPES.map((type) => ({ value: type, label: type }));
  const body = `<section class="card">
<h1>프로필 완성하기</h1>
<p>실제 판매자 센터에서는 정산 계좌를 예금주 확인으로 인증하고, 사업자등록증과 통신판매업 신고증을 올려 확인받아요. 모두 등록되면 작가 페이지와 판매 알림을 쓸 수 있어요.</p>
<p class="mock">모의 서버에서는 확인 없이 입력한 값을 바로 이 계정의 작가 정보에 저장해요.</p>
${errorBox(problem)}
<form method="POST" action="${escapeHtml(page.server)}${SELLER_CENTER_PATH}/profile">
${hiddenInputs(page.hidden)}
<h2>정산 계좌</h2>
${select('bankType', '은행', banks, v.bank.type)}
${input('bankNo', '계좌번호 (숫자만)', v.bank.no, 'required inputmode="numeric"')}
${input('bankName', '예금주', v.bank.name, 'required maxlength="50"')}
<h2>사업자 정보</h2>
${select('businessType', '사업자 유형', types, v.business.type)}
${input('regNo', '사업자등록번호 (숫자 10자리)', v.business.regNo, 'required inputmode="numeric"')}
${input('businessName', '상호', v.business.name, 'required maxlength="100"')}
${input('ceo', '대표자', v.business.ceo, 'required maxlength="50"')}
${input('addr', '사업장 주소', v.business.addr, 'required maxlength="200"')}
${input('addr2', '상세 주소', v.business.addr2, 'maxlength="100"')}
${input('tel', '사업장 전화번호', v.business.tel, 'required maxlength="30"')}
${input('email', '이메일', v.business.email, 'required type="email"')}
${input('mailOrderNo', '통신판매업 신고번호', v.business.mailOrderNo, 'required maxlength="50"')}
<h2>구매자 문의</h2>
${input('inquiryTel', '문의 연락처', v.inquiry.tel, 'maxlength="30"')}
${input('inquiryTime', '문의 가능 시간', v.inquiry.time, 'maxlength="50"')}
<label class="check"><input type="checkbox" name="terms"${v.business.terms ? ' checked' : ''}> 판매자 이용약관에 동의해요</label>
<button type="submit">저장하고 앱으로 돌아가기</button>
</form>
</section>`;
  return layout('프로필 완성하기', body, page.origin);
}

function transactionPage(
  action: string,
  page: { row: ReturnType<typeof findReceipt>; hidden: Record<string, string>; origin: string },
  problem: string | null,
): string {
  const { receipt } = page.row;
  const status = latestStatus(receipt.status);
  const badge = receiptStatusBadge(status);
  const items = receipt.productList
    .map(
      (line) =>
        `<li>${escapeHtml(line.title)} · ${escapeHtml(line.option)} × ${line.amount} (${escapeHtml(formatWon(line.price * line.amount))})</li>`,
    )
    .join('');
  const canPay = status === RECEIPT_STATUS.ordered || status === RECEIPT_STATUS.paymentConfirming;
  const canShip = status === RECEIPT_STATUS.paid;
  const canCancel = canPay || canShip;
  const couriers = COURIERS.map((courier) => ({ value: courier.name, label: courier.name }));
  const actionForm = (inner: string) =>
    `<form method="POST" action="${escapeHtml(`${action}`)}">${hiddenInputs(page.hidden)}${inner}</form>`;
  const body = `<section class="card">
<h1>주문 처리</h1>
<p>실제 판매자 센터에서는 이 화면에서 주문을 확인하고, 입금을 확인하고, 송장번호를 넣어 발송 처리하거나 판매를 취소해요. 구매자에게는 주문 알림이 가요.</p>
<p class="mock">모의 서버에서는 아래 버튼이 이 세계의 주문 상태를 바로 바꿔요(제어 API의 주문 상태 변경과 같은 동작이에요).</p>
${errorBox(problem)}
<dl>
<dt>주문번호</dt><dd>${escapeHtml(receipt.publicId)}</dd>
<dt>상태</dt><dd data-testid="receipt-status">${escapeHtml(badge?.label ?? String(status ?? '-'))}</dd>
<dt>받는 분</dt><dd>${escapeHtml(receipt.delivery.name)}</dd>
<dt>결제 금액</dt><dd>${escapeHtml(formatWon(receipt.totalPrice))}</dd>
${receipt.invoice ? `<dt>송장</dt><dd>${escapeHtml(receipt.invoice.company)} ${escapeHtml(receipt.invoice.no)}</dd>` : ''}
</dl>
<h2>주문 물품</h2>
<ul>${items}</ul>
${receipt.memo ? `<h2>주문 메모</h2><p>${escapeHtml(receipt.memo)}</p>` : ''}
</section>
${canPay ? `<section class="card"><h2>결제 확인</h2><p>입금(결제)을 확인하면 주문이 '결제 완료'가 돼요.</p>${actionForm('<button type="submit" name="action" value="paid">결제 확인</button>')}</section>` : ''}
${
  canShip
    ? `<section class="card"><h2>발송 처리</h2>${actionForm(`${select('company', '택배사', couriers, '')}${input('invoiceNo', '송장번호', '', 'required pattern="[0-9A-Za-z-]{6,30}"')}<button type="submit" name="action" value="ship">발송 처리</button>`)}</section>`
    : ''
}
${
  canCancel
    ? `<section class="card"><h2>판매 취소</h2>${actionForm(`${input('reason', '취소 사유 (구매자에게 보여요)', '', 'required maxlength="200"')}<button class="danger" type="submit" name="action" value="cancel">판매 취소</button>`)}</section>`
    : '<section class="card"><p>이 주문은 더 처리할 단계가 없어요.</p></section>'
}`;
  return layout('주문 처리', body, page.origin);
}

const notSellerBox = (page: AccountPage) =>
  `<p class="error" role="alert">작가 계정이 아니에요. 먼저 <a href="${escapeHtml(page.server)}${SELLER_CENTER_PATH}/join?${new URLSearchParams(page.hidden).toString()}">작가 신청</a>을 해주세요.</p>`;

function accountPage(page: AccountPage): string {
  const { account } = page;
  const seller = account.seller;
  const row = (label: string, value: string | undefined) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value || '-')}</dd>`;
  const bank = seller?.bank;
  const bankName = bank ? (BANKS.find((b) => b.code === bank.type)?.name ?? bank.type) : '';
  // The account number is shown as the real site would: only its last 4 digits.
  const bankText = bank ? `${bankName} ****${bank.no.slice(-4)} (${bank.name})` : '';
  const business = seller?.business;
  const profileLink = `${page.server}${SELLER_CENTER_PATH}/profile?${new URLSearchParams(page.hidden).toString()}`;
  const body = `<section class="card">
<h1>작가 계정</h1>
<p>실제 판매자 센터에서는 이 화면에서 로그인 정보와 작가 정보, 정산 계좌, 사업자 정보를 확인하고 바꿀 수 있어요. 정산 계좌와 사업자 정보를 바꾸면 운영팀이 다시 확인해요.</p>
<p class="mock">모의 서버에서는 이 세계의 값을 읽기만 해요. 바꾸려면 아래 '프로필 수정하기'에서 저장해주세요.</p>
${
  seller && account.user.level === USER_LEVEL.seller
    ? `<h2>작가 정보</h2>
<dl>
${row('작가명', seller.info?.name)}
${row('작가 페이지 주소', seller.publicId)}
${row('이메일', account.auth.email ?? undefined)}
${row('구매자 문의 연락처', seller.inquiry.tel)}
${row('문의 가능 시간', seller.inquiry.time)}
</dl>
<h2>정산 계좌</h2>
<dl>${row('계좌', bankText)}</dl>
<h2>사업자 정보</h2>
<dl>
${row('사업자 유형', business?.type)}
${row('사업자등록번호', business?.regNo)}
${row('상호', business?.name)}
${row('대표자', business?.ceo)}
${row('사업장 주소', business ? `${business.addr} ${business.addr2}`.trim() : '')}
${row('통신판매업 신고번호', business?.mailOrderNo)}
</dl>
<p><a href="${escapeHtml(profileLink)}">프로필 수정하기</a></p>`
    : notSellerBox(page)
}
</section>`;
  return layout('작가 계정', body, page.origin);
}

/** The order window to the minute (the spec's default format shows seconds, noise on this page). */
const MINUTES = 'YYYY.MM.DD HH:mm';

const MARKET_STATE_TEXT: Record<MarketState, string> = {
  none: '마켓 없음',
  'before-open': '오픈 전 (작가가 아직 열지 않음)',
  'pre-open': '오픈 예정',
  opened: '주문 가능',
  closed: '주문 종료',
};

function marketPage(page: AccountPage, problem: string | null): string {
  const { world, account } = page;
  const now = world.clock.now();
  const markets = world.store.markets
    .by('seller', account.uid)
    .map((row) => row.market)
    .sort((a, b) => Date.parse(b.marketST) - Date.parse(a.marketST));
  const action = (marketId: string, value: 'open' | 'close', label: string, danger = false) =>
    `<form method="POST" action="${escapeHtml(page.server)}${SELLER_CENTER_PATH}/market">${hiddenInputs({ ...page.hidden, marketId })}<button${
      danger ? ' class="danger"' : ''
    } type="submit" name="action" value="${value}">${label}</button></form>`;
  const cards = markets
    .map((market) => {
      const state = marketState(market, now);
      return `<section class="card" data-market="${escapeHtml(market._id)}">
<h2>${escapeHtml(market.title)}</h2>
<dl>
<dt>상태</dt><dd data-testid="market-state">${escapeHtml(MARKET_STATE_TEXT[state])}</dd>
<dt>주문 기간</dt><dd>${escapeHtml(formatDateTime(market.marketST, MINUTES))} ~ ${escapeHtml(formatDateTime(market.marketED, MINUTES))}</dd>
</dl>
${state === 'opened' ? action(market._id, 'close', '지금 마감하기', true) : action(market._id, 'open', '지금 열기')}
</section>`;
    })
    .join('\n');
  const body = `<section class="card">
<h1>마켓 관리</h1>
<p>실제 판매자 센터에서는 마켓을 만들고, 물품과 주문 기간을 정하고, 마켓을 열거나 일찍 마감해요. 마켓을 열면 오픈 알림을 신청한 구매자에게 알림이 가요.</p>
<p class="mock">모의 서버에서는 '지금 열기'가 마켓을 지금부터 열고(종료 시각이 지났으면 원래 기간만큼 다시 열어요), '지금 마감하기'가 지금 닫아요. 제어 API의 마켓 열기/닫기와 같은 동작이에요. 처리하면 앱의 마켓 화면으로 돌아가요.</p>
${errorBox(problem)}
${account.user.level === USER_LEVEL.seller ? (markets.length === 0 ? '<p>아직 만든 마켓이 없어요.</p>' : '') : notSellerBox(page)}
</section>
${account.user.level === USER_LEVEL.seller ? cards : ''}`;
  return layout('마켓 관리', body, page.origin);
}

function previewPage(page: AccountPage, problem: string | null, v: PreviewInput): string {
  const covers = previewCoverChoices(page.world, page.account.uid);
  const seller = page.account.user.level === USER_LEVEL.seller;
  const coverChoices = covers
    .map(
      (cover, i) =>
        `<label class="cover"><input type="radio" name="cover" value="${escapeHtml(cover)}"${cover === v.cover ? ' checked' : ''} required><img src="${escapeHtml(cover)}?w=160" alt="대표 이미지 ${i + 1}" width="80" height="80"></label>`,
    )
    .join('');
  const body = `<section class="card">
<h1>새 소식 쓰기</h1>
<p>실제 판매자 센터에서는 곧 선보일 물품의 소식을 글과 사진으로 쓰고, 출시 예정일과 공개 시각을 정해요. 공개되면 작가를 구독한 구매자에게 알림이 가고 홈의 출시 예정 소식에 보여요.</p>
<p class="mock">모의 서버에서는 사진을 올리는 대신 이 작가의 마켓과 지난 소식에 쓰인 이미지 중에서 골라요. 저장하면 지금 바로 공개되고, 앱의 출시 예정 소식으로 돌아가요.</p>
${errorBox(problem)}
${
  seller
    ? `<form method="POST" action="${escapeHtml(page.server)}${SELLER_CENTER_PATH}/preview/new">
${hiddenInputs(page.hidden)}
<label>소식 내용<textarea name="contents" required maxlength="2000" rows="4">${escapeHtml(v.contents)}</textarea></label>
${input('schedule', '출시 예정일 (한국 시간, 예: 2026-12-24 20:00)', v.schedule, 'required placeholder="2026-12-24 20:00" pattern="[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}" autocomplete="off"')}
<fieldset><legend>대표 이미지</legend>${covers.length > 0 ? coverChoices : '<p>고를 수 있는 이미지가 없어요. 먼저 마켓을 만들어주세요.</p>'}</fieldset>
<button type="submit">소식 공개하기</button>
</form>`
    : notSellerBox(page)
}
</section>`;
  return layout('새 소식 쓰기', body, page.origin);
}
