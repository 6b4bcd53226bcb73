// What the recording tests share: a client that keeps a HAR of its traffic, the journey's orders, the HAR as
// Chrome DevTools exports it, and the scan of a recording folder for the personal values it must not hold.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { World } from '@creator-market/fixtures';
import type { Schemas } from '@creator-market/sdk';
import { isReceiptCancelled, latestStatus } from '@creator-market/sdk/domain';
import { expect } from 'vitest';
import { phoneDigits } from '../../src/recording/standins';

export interface HarEntry {
  request: { method: string; url: string; headers: { name: string; value: string }[]; postData?: { mimeType: string; text: string } };
  response: { status: number; headers: { name: string; value: string }[]; content: { mimeType: string; text: string } };
}

export type Detail = Schemas['MarketDetail'];
export type Data<T> = { data: T };

/** A client that also keeps a HAR of its traffic, written as if the session had gone to `harOrigin`. */
export function client(base: string, harOrigin = base) {
  const entries: HarEntry[] = [];
  const tokens: string[] = [];
  let token: string | undefined;
  async function call<T = { data: unknown }>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const sent: Record<string, string> = { ...headers };
    if (token && !path.startsWith('/__mock')) sent.authorization = `Bearer ${token}`;
    if (body !== undefined) sent['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, { method, headers: sent, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (!path.startsWith('/__mock')) {
      entries.push({
        request: {
          method,
          url: `${harOrigin}${path}`,
          headers: Object.entries(sent).map(([name, value]) => ({ name, value })),
          ...(body === undefined ? {} : { postData: { mimeType: 'application/json', text: JSON.stringify(body) } }),
        },
        response: {
          status: res.status,
          headers: [...(res.headers as unknown as Iterable<[string, string]>)].map(([name, value]) => ({ name, value })),
          content: { mimeType: res.headers.get('content-type') ?? '', text },
        },
      });
    }
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }
  return {
    call,
    /** The `data` of a 200 answer (anything else fails the test). */
    async data<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
      const res = await call<Data<T>>(method, path, body, headers);
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data;
    },
    async login(persona: string, headers: Record<string, string> = {}) {
      const res = await call<{ token: string; uid: string }>('POST', '/__mock/login', { persona }, headers);
      token = res.body.token;
      tokens.push(token);
      return res.body.uid;
    },
    tokens,
    har: () => ({ log: { version: '1.2', creator: { name: 'recording.test', version: '1' }, entries } }),
  };
}

export type Client = ReturnType<typeof client>;

/** The error code of an error answer (a plain code, or a list error's). */
export function codeOf(body: unknown): unknown {
  const data = (body as { data?: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as { code?: unknown }).code : data;
}

export const inStock = (o: Schemas['ProductOption']) => o.useYN && o.stock !== -1 && o.stock - o.order > 0;
export const ordered = (detail: Detail, productId: string, option: string) =>
  detail.product.find((p) => p._id === productId)!.option.find((o) => o.title === option)!.order;

/**
 * The first product on sale with a per-buyer limit and an option of finite stock with more than the limit left,
 * of which the buyer has no live order yet (`liveUnits`: units of their live orders by product).
 */
export function limitedProduct(detail: Detail, liveUnits: ReadonlyMap<string, number>) {
  for (const product of detail.product) {
    if (!product.useYN || product.limitAmount < 2 || liveUnits.has(product._id)) continue;
    const option = product.option.find((o) => inStock(o) && o.stock - o.order > product.limitAmount);
    if (option) return { product, option };
  }
  throw new Error(`${detail.market.title} has no product with a per-buyer limit and stock to spare`);
}

/** The first product on sale with no per-buyer limit and an option of finite stock with a few units left. */
export function stockedProduct(detail: Detail) {
  for (const product of detail.product) {
    if (!product.useYN || product.limitAmount !== 0) continue;
    const option = product.option.find((o) => inStock(o) && o.stock - o.order <= 5);
    if (option) return { product, option, left: option.stock - option.order };
  }
  throw new Error(`${detail.market.title} has no product with a few units of finite stock left`);
}

/** Units of each product in the live (not cancelled) orders of `uid` among a world's records. */
export function liveUnitsOf(world: World, uid: string): Map<string, number> {
  const units = new Map<string, number>();
  for (const { ownerUid, receipt } of world.receipts) {
    if (ownerUid !== uid || isReceiptCancelled(latestStatus(receipt.status))) continue;
    for (const line of receipt.productList) units.set(line._id, (units.get(line._id) ?? 0) + line.amount);
  }
  return units;
}

export interface Line {
  _id: string;
  option: string;
  amount: number;
}

/** Adds `lines` of the market to the cart; the cart entry as answered (the status is the caller's to check). */
export function addToCart(c: Client, detail: Detail, lines: Line[], headers?: Record<string, string>) {
  return c.call<Data<Schemas['CartEntry']>>(
    'POST',
    '/cart/add/common',
    { marketId: detail.market._id, seller: detail.seller.publicId, productList: lines },
    headers,
  );
}

/**
 * Orders the cart entry as it stands: its orderable lines (the buyer's cart of a market may hold others, sold
 * out ones stay behind), delivered to the primary address. The answer (a receipt's publicId on success).
 */
export async function orderCart(c: Client, detail: Detail, cart: Schemas['CartEntry'], headers?: Record<string, string>) {
  const address = await c.data<Schemas['Address']>('GET', '/address/get-primary', undefined, headers);
  const delivery = detail.market.delivery.option.filter((o) => o.useYN).sort((a, b) => (b.weight ?? Infinity) - (a.weight ?? Infinity))[0]!;
  const lines = cart.productList
    .filter((l) => l.useYN && l.amount > 0 && (l.stock === -1 || l.stock - l.order > 0))
    .map((l) => ({ _id: l._id, option: l.option, amount: l.amount }));
  const answer = await c.call<Data<string>>(
    'POST',
    '/receipt/insert',
    {
      marketId: detail.market._id,
      memo: '조심히 보내주세요',
      productList: lines,
      delivery: {
        name: address.name,
        tel: address.tel,
        addr: address.addr,
        addr2: address.addr2,
        zip: address.zip,
        msg: '',
        title: delivery.title,
      },
      sns: { type: 1, id: 'haneul_daily' },
      buyerAccount: { name: address.name, no: '1002345678901', type: '020' },
      payment: { option: 1, depositExpect: '' },
      cashReceipt: { useYN: false, isPersonal: true, no: '' },
      cartId: cart._id,
    },
    headers,
  );
  return { ...answer, lines, address };
}

interface ChromeHarOptions {
  /** Where the API is: an origin and a base path (`https://api.example/api`). */
  api: string;
  /** The app's origin: its page and assets are in the HAR too. */
  app: string;
  /** A contract answer from another host the page called (an old backend): it must be skipped. */
  foreign: { url: string; text: string };
  /** The path of an entry the page sent before its profile answer came (moved to the start). */
  early: string;
}

/**
 * The session's HAR as Chrome DevTools exports it ("Export HAR (sanitized)"): no Authorization or Cookie
 * headers, HTTP/2 pseudo-headers, CORS preflights before the API calls, the page and its assets, an aborted
 * request with no answer (status 0), some bodies base64-encoded, and an API of another origin, under a base path.
 */
export function chromeHar(session: HarEntry[], origin: string, options: ChromeHarOptions) {
  const api = new URL(options.api);
  const isEarly = (entry: HarEntry) => entry.request.url === `${origin}${options.early}`;
  const entries = [...session.filter(isEarly), ...session.filter((entry) => !isEarly(entry))];
  const page = (url: string, mimeType: string, text: string) => ({
    _resourceType: mimeType.includes('html') ? 'document' : 'script',
    request: {
      method: 'GET',
      url,
      httpVersion: 'h2',
      headers: [{ name: ':method', value: 'GET' }],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: '',
      httpVersion: 'h2',
      headers: [{ name: 'content-type', value: mimeType }],
      cookies: [],
      content: { size: text.length, mimeType, text },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
  });
  const out: unknown[] = [
    page(`${options.app}/`, 'text/html', '<!doctype html><title>creator-market</title>'),
    page(`${options.app}/assets/index-4f2a.js`, 'text/javascript', 'export {};'),
  ];
  entries.forEach((entry, i) => {
    const url = `${api.origin}${api.pathname.replace(/\/$/, '')}${entry.request.url.slice(origin.length)}`;
    const target = new URL(url);
    const headers = [
      { name: ':authority', value: target.host },
      { name: ':method', value: entry.request.method },
      { name: ':path', value: target.pathname + target.search },
      { name: ':scheme', value: 'https' },
      { name: 'accept', value: 'application/json' },
      { name: 'origin', value: options.app },
      ...entry.request.headers.filter((h) => !['authorization', 'cookie'].includes(h.name.toLowerCase())),
    ];
    if (entry.request.method !== 'GET') {
      out.push({
        _resourceType: 'preflight',
        request: {
          method: 'OPTIONS',
          url,
          httpVersion: 'h2',
          headers: [{ name: 'access-control-request-method', value: entry.request.method }],
          queryString: [],
          cookies: [],
          headersSize: -1,
          bodySize: 0,
        },
        response: {
          status: 204,
          statusText: '',
          httpVersion: 'h2',
          headers: [],
          cookies: [],
          content: { size: 0, mimeType: 'x-unknown' },
          redirectURL: '',
          headersSize: -1,
          bodySize: 0,
        },
      });
    }
    const base64 = i % 3 === 0;
    const { text, mimeType } = entry.response.content;
    out.push({
      _resourceType: 'fetch',
      startedDateTime: new Date(Date.UTC(2026, 11, 10, 3, 0, i)).toISOString(),
      request: {
        method: entry.request.method,
        url,
        httpVersion: 'h2',
        headers,
        queryString: [...target.searchParams].map(([name, value]) => ({ name, value })),
        cookies: [],
        headersSize: -1,
        bodySize: entry.request.postData?.text.length ?? 0,
        ...(entry.request.postData ? { postData: entry.request.postData } : {}),
      },
      response: {
        status: entry.response.status,
        statusText: '',
        httpVersion: 'h2',
        headers: entry.response.headers,
        cookies: [],
        content: {
          size: text.length,
          mimeType,
          ...(base64 ? { text: Buffer.from(text).toString('base64'), encoding: 'base64' } : { text }),
        },
        redirectURL: '',
        headersSize: -1,
        bodySize: -1,
      },
    });
    if (i === 1) {
      // The old backend the page still calls, and a request the page aborted: neither is the session's.
      out.push({
        _resourceType: 'fetch',
        request: {
          method: 'GET',
          url: options.foreign.url,
          httpVersion: 'h2',
          headers: [],
          queryString: [],
          cookies: [],
          headersSize: -1,
          bodySize: 0,
        },
        response: {
          status: 200,
          statusText: '',
          httpVersion: 'h2',
          headers: [{ name: 'content-type', value: 'application/json' }],
          cookies: [],
          content: { size: options.foreign.text.length, mimeType: 'application/json', text: options.foreign.text },
          redirectURL: '',
          headersSize: -1,
          bodySize: -1,
        },
      });
      out.push({
        _resourceType: 'fetch',
        request: {
          method: 'GET',
          url: `${api.origin}${api.pathname}/common/v2/opened-market`,
          httpVersion: '',
          headers: [],
          queryString: [],
          cookies: [],
          headersSize: -1,
          bodySize: 0,
        },
        response: {
          status: 0,
          statusText: '',
          httpVersion: '',
          headers: [],
          cookies: [],
          content: { size: 0, mimeType: 'x-unknown' },
          redirectURL: '',
          headersSize: -1,
          bodySize: -1,
          _error: 'net::ERR_ABORTED',
        },
      });
    }
  });
  return { log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, pages: [], entries: out } };
}

/** The personal values of a getMe answer (a buyer's or a seller's), as the upstream sent them. */
export function personalValuesOfMe(me: Schemas['Me']): { text: string[]; phones: string[] } {
  const { user, auth, seller } = me;
  const business = seller?.business;
  const text = [
    user.name,
    user.account?.name,
    user.account?.no,
    user.cashReceipt?.no,
    user.sns?.id,
    auth.email,
    auth.displayName,
    ...auth.providerData.flatMap((p) => [p.uid, p.email, p.displayName]),
    seller?.bank?.name,
    seller?.bank?.no,
    business?.regNo,
    business?.addr,
    business?.addr2,
    business?.ceo,
    business?.email,
  ];
  const phones = [user.phone, auth.phoneNumber, seller?.info?.phone, seller?.inquiry.tel, business?.tel];
  const present = (values: (string | null | undefined)[]) => values.filter((v): v is string => typeof v === 'string' && v !== '');
  // A seller's account is named after the shop: its public name is not personal (sellers.json keeps it).
  const shop = seller?.info?.name;
  return { text: present(text).filter((v) => v !== shop), phones: present(phones) };
}

/** Every file a recording folder holds that the recorder wrote: its entity files and violations.jsonl. */
export function writtenFiles(folder: string): string[] {
  return readdirSync(folder).filter((name) => name.endsWith('.json') || name === 'violations.jsonl');
}

function stringsOf(value: unknown, out: Set<string>): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) stringsOf(item, out);
  return out;
}

/**
 * Fails when any file the recorder wrote in `folder` holds one of `originals`: as a value, inside a longer
 * one (six characters and more: a short name may be part of a product's title), or, for a phone number,
 * written any way at all (its national digits at the end of any value's digits). The files it read.
 */
export function expectNoOriginals(folder: string, originals: { text: string[]; phones: string[] }): string[] {
  const files = writtenFiles(folder);
  for (const file of files) {
    const raw = readFileSync(join(folder, file), 'utf8');
    const docs = file.endsWith('.jsonl')
      ? raw
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as unknown)
      : [JSON.parse(raw) as unknown];
    const values = stringsOf(docs, new Set());
    const digits = [...values].map((v) => v.replace(/\D/g, ''));
    for (const original of originals.text) {
      expect(values.has(original), `${file} holds '${original}'`).toBe(false);
      if (original.length >= 6) expect(raw.includes(original), `${file} holds '${original}'`).toBe(false);
    }
    for (const phone of originals.phones) {
      const national = phoneDigits(phone).slice(1);
      expect(
        digits.some((d) => d.endsWith(national)),
        `${file} holds the phone number ${phone}`,
      ).toBe(false);
    }
  }
  return files;
}
