// Finding real data in a running mock server through its own API (ids are made from the world's creation
// time, so every world, named or default, is looked up in itself): persona tokens, an open market of the
// seller persona, a product line a buyer can add, and what an order needs.

/** Public id of the seller persona (fixtures/src/personas.ts: PERSONA_SELLER_SLUGS.seller). */
export const SELLER_PERSONA_SLUG = 'mallang_studio';

const payload = (res) => (res.json && typeof res.json === 'object' && 'data' in res.json ? res.json.data : res.json);

/** `POST /__mock/login {persona}` in `world` (undefined = the default world) → {token, uid}. */
export async function login(client, persona, world) {
  const res = await client.ok('POST', '/__mock/login', { body: { persona }, world });
  const { token, uid } = payload(res);
  if (typeof token !== 'string') throw new Error(`/__mock/login for ${persona} answered no token: ${res.text.slice(0, 200)}`);
  return { token, uid, persona, world };
}

/** How many units of an option a buyer may still take (SPEC.md section 5), Infinity when unlimited. */
export function available(product, option) {
  if (!product.useYN || !option.useYN) return 0;
  const byStock = option.stock === -1 ? Infinity : option.stock - option.order;
  const byLimit = product.limitAmount === 0 ? Infinity : product.limitAmount;
  return Math.max(0, Math.min(byStock, byLimit));
}

/** The seller persona's open markets (status 2, ordering now), newest first as the server lists them. */
export async function openMarketsOfSellerPersona(client, world) {
  const res = await client.ok('GET', `/common/v2/seller/opened-market/${SELLER_PERSONA_SLUG}`, { world });
  return payload(res).filter((event) => event.marketStatus === 2);
}

/** `GET /common/market/get/{sellerId}/{marketId}` → {path, detail: {market, seller, product[]}}. */
export async function marketDetail(client, sellerPublicId, marketPublicId, world) {
  const path = `/common/market/get/${sellerPublicId}/${marketPublicId}`;
  const res = await client.ok('GET', path, { world });
  return { path, detail: payload(res) };
}

/**
 * The lines of a market a buyer can add (product, option, how many are left), most available first;
 * only products and options on sale with at least `minAvailable` left.
 */
export function addableLines(detail, minAvailable = 1) {
  const lines = [];
  for (const product of detail.product) {
    for (const option of product.option) {
      const left = available(product, option);
      if (left >= minAvailable) lines.push({ product, option, left });
    }
  }
  return lines.sort((a, b) => b.left - a.left);
}

/** The seller persona's first open market with a line that has at least `minAvailable` left. */
export async function sellerPersonaMarketWithStock(client, world, minAvailable) {
  const markets = await openMarketsOfSellerPersona(client, world);
  for (const event of markets) {
    const { path, detail } = await marketDetail(client, event.sellerPublicId, event.marketPublicId, world);
    if (!detail.market.public) continue;
    const lines = addableLines(detail, minAvailable);
    if (lines.length > 0) return { event, path, detail, lines };
  }
  throw new Error(
    `no open market of ${SELLER_PERSONA_SLUG}${world ? ` in world ${world}` : ''} has a product line with ${minAvailable} or more left (open markets: ${markets.length})`,
  );
}

/** The body of `POST /cart/add/common` for one line. */
export function addToCartBody(detail, line, amount) {
  return {
    marketId: detail.market._id,
    seller: detail.market.sellerPublicId ?? detail.seller.publicId,
    productList: [{ _id: line.product._id, option: line.option.title, amount }],
  };
}

/** The signed-in account's cart entry for a market, or undefined. */
export async function cartEntryOf(client, buyer, marketUID) {
  const res = await client.ok('GET', '/cart/v2/get', { token: buyer.token, world: buyer.world });
  return payload(res).find((entry) => entry.market._id === marketUID);
}

/**
 * The write path: every connection is one buyer with its own cart in one market, alternating an add of one
 * unit (amount 1 → 2) and an update back to 1, so the cart never grows and no business rule is hit.
 * Buyers are the personas buyer and buyer-new of worlds bench-write-0, bench-write-1, ...
 */
export async function writeBuyersOfWorld(client, w) {
  const world = `bench-write-${w}`;
  const { detail, lines } = await sellerPersonaMarketWithStock(client, world, 2);
  const line = lines[0];
  const buyers = [];
  for (const persona of ['buyer', 'buyer-new']) {
    const buyer = await login(client, persona, world);
    // Start from no entry for this market, so the first add makes an entry with exactly one unit.
    const existing = await cartEntryOf(client, buyer, detail.market._id);
    if (existing) await client.ok('POST', '/cart/delete', { token: buyer.token, world, body: { cartId: existing._id } });
    const first = await client.ok('POST', '/cart/add/common', { token: buyer.token, world, body: addToCartBody(detail, line, 1) });
    const cartId = payload(first)._id;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${buyer.token}`, 'x-mock-world': world };
    buyers.push({
      world,
      persona,
      requests: [
        { method: 'POST', path: '/cart/add/common', headers, body: JSON.stringify(addToCartBody(detail, line, 1)) },
        {
          method: 'POST',
          path: '/cart/update',
          headers,
          body: JSON.stringify({ cartId, productList: [{ _id: line.product._id, option: line.option.title, amount: 1 }] }),
        },
      ],
    });
  }
  return buyers;
}

export { payload };
