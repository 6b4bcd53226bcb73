// The mock server's control plane (/__mock, openapi/control/openapi.yaml) for one journey's world: every
// call carries that world's X-Mock-World header, so journeys never see each other's carts and orders.
export function controlPlane(apiBase, world) {
  async function call(method, path, body) {
    const response = await fetch(`${apiBase}/__mock${path}`, {
      method,
      headers: { 'X-Mock-World': world, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /__mock${path} (world ${world}) answered ${response.status}: ${text.slice(0, 500)}`);
    return text ? JSON.parse(text) : null;
  }

  /** A product API call in this world (for reading state the UI does not show, such as a receipt's status). */
  /** @param {string} method @param {string} path @param {{token?: string | null, body?: unknown}} [options] */
  async function api(method, path, { token, body } = {}) {
    const response = await fetch(`${apiBase}${path}`, {
      method,
      headers: {
        'X-Mock-World': world,
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} (world ${world}) answered ${response.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text).data;
  }

  return {
    world,
    api,
    /** {token, uid} of a persona (buyer, buyer-new, seller, seller-incomplete). */
    login: (persona) => call('POST', '/login', { persona }),
    /** Every scenario with its status, body and the UI text the app shows (`ui`). */
    scenarios: async () => (await call('GET', '/scenarios')).scenarios,
    /** A sticky rule: the next `times` matching requests get scenario `name`. */
    force: (/** @type {string} */ name, /** @type {{path?: string, method?: string, times?: number}} */ { path, method, times = 1 } = {}) =>
      call('POST', '/scenarios', { name, ...(path ? { path } : {}), ...(method ? { method } : {}), times }),
    clearScenarios: () => call('DELETE', '/scenarios'),
    rules: async () => (await call('GET', '/scenarios')).rules,
    confirmDeposit: (publicId) => call('POST', `/receipts/${publicId}/deposit`),
    notify: (notification) => call('POST', '/notifications', notification),
    clock: () => call('GET', '/clock'),
    /** How many API requests of this world match `filter` (the request journal: operationId, method, path, status, since). */
    countRequests: async (filter) => (await call('POST', '/requests/count', filter)).count,
  };
}
