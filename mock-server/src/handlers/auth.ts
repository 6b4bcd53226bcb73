// auth: account withdrawal, and the mock Kakao and Apple sign-in pages (a persona picker that returns to
// the app with a token, so the app's real sign-in flow works end to end).
import { personas, type PersonaId } from '@creator-market/fixtures';
import { RECEIPT_STATUS, USER_LEVEL, latestStatus } from '@creator-market/sdk/domain';
import { issueToken } from '../auth/tokens';
import { ApiFailure, badRequest, permissionDenied, unlistedOrigin } from '../http/failure';
import { escapeHtml } from '../http/html';
import { pairKey, type Account, type Store } from '../world/store';
import { countSubscriber } from '../world/views';
import type { HandlerMap, RawResponse } from './types';
import { signedIn } from './types';

// ---------------------------------------------------------------- withdrawal

/**
 * Receipts that block withdrawal (paths/auth.yaml): paid (1), shipped (3, 4) and payment being confirmed
 * (99, because money is already moving). Unpaid (0) and cancelled (10, 11) ones do not.
 */
const WITHDRAWAL_BLOCKING_STATUSES: ReadonlySet<number> = new Set([
  RECEIPT_STATUS.paid,
  RECEIPT_STATUS.shipped,
  RECEIPT_STATUS.shippedAlt,
  RECEIPT_STATUS.paymentConfirming,
]);

/**
 * Deletes the account and its buyer data. Receipts (and the rooms that group them) stay: order records
 * are kept 5 years (SPEC.md section 9); only the rooms' pins, a personal choice, go.
 */
function deleteAccount(store: Store, uid: string): void {
  for (const row of store.addresses.by('owner', uid)) store.addresses.remove(row.address._id);
  for (const row of store.carts.by('owner', uid)) store.carts.remove(row.cart._id);
  for (const row of store.alarms.by('owner', uid)) store.alarms.remove(row.alarm._id);
  for (const row of store.devices.by('owner', uid)) store.devices.remove(pairKey(uid, row.device.deviceToken));
  for (const category of ['buyer', 'seller'] as const) {
    for (const row of store.notifications.by('recipient', pairKey(uid, category))) store.notifications.remove(row.notification._id);
  }
  for (const row of store.subscriptions.by('owner', uid)) {
    store.subscriptions.remove(row.subscription._id);
    countSubscriber(store, row.subscription.sellerId, -1);
  }
  for (const row of store.rooms.by('owner', uid)) {
    if (row.room.pinned) store.rooms.replace({ ...row, room: { ...row.room, pinned: false } });
  }
  const { [uid]: _verification, ...phoneVerifications } = store.state.phoneVerifications;
  const { [uid]: _upload, ...uploads } = store.state.uploads;
  store.state = { ...store.state, phoneVerifications, uploads };
  store.accounts.remove(uid);
}

// ---------------------------------------------------------------- sign-in pages

type Provider = 'kakao' | 'apple';

interface SignInQuery {
  state: string;
  scope?: string;
  persona?: PersonaId;
}

/**
 * The app's origin from `state`, or null when it is not exactly an http(s) origin. The schema checks the
 * pattern already; this keeps the redirect from ever leaving for a path or another scheme.
 */
function appOrigin(state: string): string | null {
  try {
    const url = new URL(state);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === state ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * A query string with spaces as %20: the request validator refuses a raw '+' (URLSearchParams' form
 * encoding of a space) as a reserved character, so `scope=email name` must not become `email+name`.
 */
function queryString(params: readonly [string, string][]): string {
  return params.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
}

const NO_STORE = { 'Cache-Control': 'no-store' };

function signIn(provider: Provider, query: SignInQuery, store: Store, originAllowed: (origin: string) => boolean): RawResponse {
  const origin = appOrigin(query.state);
  if (!origin) {
    const message = 'state는 앱의 웹 주소(http 또는 https, 경로 없음)여야 해요.';
    throw new ApiFailure(400, 'bad-request', { message, details: [{ path: '/query/state', message }] });
  }
  // The token goes to that origin: only to the app on this machine or an origin given with --allow-origin.
  if (!originAllowed(origin)) throw unlistedOrigin(origin);
  if (query.persona) {
    const account = store.accounts.one('persona', query.persona);
    // A persona that withdrew in this world has no account to sign in to until the world is reset.
    if (!account)
      throw new ApiFailure(400, 'bad-request', { message: '탈퇴한 테스트 계정이에요. /__mock/reset으로 세계를 초기화해주세요.' });
    const location = `${origin}/auth/${provider}?token=${encodeURIComponent(issueToken(account.uid))}`;
    return { raw: true, status: 302, headers: { ...NO_STORE, Location: location } };
  }
  return {
    raw: true,
    status: 200,
    headers: NO_STORE,
    contentType: 'text/html; charset=utf-8',
    body: signInPage(provider, query, origin, store),
  };
}

const PAGE_STYLE = {
  kakao: {
    title: '카카오 로그인',
    logo: '<span class="logo kakao-logo" aria-hidden="true">kakao</span>',
    css: `body{background:#f5f5f5;font-family:-apple-system,'Apple SD Gothic Neo','Malgun Gothic',sans-serif;color:#191919}
.logo{display:inline-block;font-weight:800;font-size:28px;letter-spacing:-1px;color:#191919}
.persona{background:#FEE500;color:rgba(0,0,0,.85)}
.persona:hover{background:#f5dc00}
.direct{border-top:1px solid #e5e5e5}`,
    direct: '카카오계정으로 직접 로그인하기는 모의 서버에서 쓸 수 없어요. 위의 테스트 계정 중 하나를 고르세요.',
  },
  apple: {
    title: 'Apple로 로그인',
    logo: '<span class="logo apple-logo" aria-hidden="true">Apple</span>',
    css: `body{background:#fff;font-family:-apple-system,BlinkMacSystemFont,'SF Pro Text','Apple SD Gothic Neo',sans-serif;color:#1d1d1f}
.logo{display:inline-block;font-weight:600;font-size:28px;letter-spacing:-.5px;color:#000}
.persona{background:#000;color:#fff}
.persona:hover{background:#333}
.direct{border-top:1px solid #d2d2d7}`,
    direct: 'Apple ID 암호 입력은 모의 서버에서 쓸 수 없어요. 위의 테스트 계정 중 하나를 고르세요.',
  },
} as const;

const COMMON_CSS = `*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;justify-content:center;align-items:flex-start}
main{width:100%;max-width:420px;margin:48px 16px;padding:32px 24px;background:#fff;border-radius:16px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:22px;margin:16px 0 8px}p{font-size:14px;line-height:1.5;color:#555;margin:0 0 16px}
ul{list-style:none;padding:0;margin:0 0 16px}li{margin:0 0 10px}
.persona{display:block;padding:14px 16px;border-radius:12px;text-decoration:none}
.persona strong{display:block;font-size:16px;margin-bottom:4px}.persona span{display:block;font-size:13px;opacity:.8}
.withdrawn{display:block;padding:14px 16px;border-radius:12px;background:#eee;color:#999}
.direct{padding-top:16px;font-size:13px}.origin{font-size:12px;color:#888;word-break:break-all}`;

/** The provider's page in the mock: the personas, each a link back to this operation with `persona`. */
function signInPage(provider: Provider, query: SignInQuery, origin: string, store: Store): string {
  const style = PAGE_STYLE[provider];
  const items = personas.map((persona) => {
    const account: Account | undefined = store.accounts.one('persona', persona.id);
    const name = escapeHtml(account?.auth.displayName ?? persona.displayName);
    const label = escapeHtml(persona.label);
    if (!account)
      return `<li><span class="withdrawn" data-persona="${persona.id}"><strong>${name}</strong> 탈퇴한 계정이에요 (세계를 초기화하면 돌아와요)</span></li>`;
    const params: [string, string][] = [['state', query.state]];
    if (provider === 'apple') params.push(['scope', query.scope ?? 'email name']);
    params.push(['persona', persona.id]);
    return `<li><a class="persona" data-persona="${persona.id}" href="?${escapeHtml(queryString(params))}"><strong>${name}</strong><span>${label}</span></a></li>`;
  });
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${style.title}</title>
<style>${COMMON_CSS}
${style.css}</style>
</head>
<body>
<main>
${style.logo}
<h1>${style.title}</h1>
<p>creator-market 모의 서버의 로그인 화면이에요. 로그인할 테스트 계정을 선택하세요.</p>
<ul>
${items.join('\n')}
</ul>
<p class="direct">${style.direct}</p>
<p class="origin">로그인하면 ${escapeHtml(origin)}(으)로 돌아가요.</p>
</main>
</body>
</html>`;
}

export const authHandlers = {
  unregisterUser({ user, body }, { world }) {
    const account = signedIn(user);
    if (body.userId !== account.uid) throw permissionDenied();
    if (account.user.level === USER_LEVEL.seller) throw badRequest('invalid-user-type');
    const { store } = world;
    const blocked = store.receipts
      .by('owner', account.uid)
      .some((row) => WITHDRAWAL_BLOCKING_STATUSES.has(latestStatus(row.receipt.status) ?? -1));
    if (blocked) throw badRequest('receipt-remained');

    deleteAccount(store, account.uid);
    return { data: true as const };
  },

  signInWithApple({ query, originAllowed }, { world }) {
    return signIn('apple', query, world.store, originAllowed);
  },

  signInWithKakao({ query, originAllowed }, { world }) {
    return signIn('kakao', query, world.store, originAllowed);
  },
} satisfies Partial<HandlerMap>;
