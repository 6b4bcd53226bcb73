// The catalogue code of a product API error body ({data: code} or, for list errors, {data: {code, list}};
// openapi/product/schemas/ErrorBody.yaml), for the scripts that check what the mock answered.

/** @typedef {import('@creator-market/sdk/domain/error-codes').ErrorCode} ErrorCode */

/**
 * The code an error body carries in `data`, or undefined when it carries none.
 * @param {unknown} body
 * @returns {string | undefined}
 */
export function errorCodeOf(body) {
  if (typeof body !== 'object' || body === null) return undefined;
  const data = /** @type {{data?: unknown}} */ (body).data;
  if (typeof data === 'string') return data;
  const code = typeof data === 'object' && data !== null ? /** @type {{code?: unknown}} */ (data).code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * The items of a list error body (`data.list`), or an empty list.
 * @param {unknown} body
 * @returns {{_id: string, title: string, option?: string, available?: number}[]}
 */
export function errorListOf(body) {
  const data = typeof body === 'object' && body !== null ? /** @type {{data?: unknown}} */ (body).data : undefined;
  const list = typeof data === 'object' && data !== null ? /** @type {{list?: unknown}} */ (data).list : undefined;
  return Array.isArray(list) ? list : [];
}
