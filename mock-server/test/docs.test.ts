// The API reference at /docs: the page and the Redoc bundle it loads (which lives in a dot-folder of
// node_modules, so a plain sendFile refused it and the page stayed blank). The browser journey `api-docs`
// checks that the operations are listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

describe('/docs', () => {
  it('serves the page and the Redoc bundle it loads, as JavaScript', async () => {
    const page = await srv.call('GET', '/docs');
    expect(page.status).toBe(200);
    const script = /<script src="([^"]+)"><\/script>/.exec(page.text)?.[1];
    // Relative to the page, so the same page works below a door's base (the browser's /__api/docs).
    const scriptPath = new URL(script!, `${srv.baseUrl}/docs`).pathname;
    expect(scriptPath).toBe('/docs/redoc.standalone.js');
    const bundle = await srv.call('GET', scriptPath);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    expect(bundle.text.length).toBeGreaterThan(100_000);
  });
});

describe('/__mock/docs', () => {
  it("renders the control plane's own document with the same Redoc bundle", async () => {
    const page = await srv.call('GET', '/__mock/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('제어 API 문서');
    const spec = /spec-url="([^"]+)"/.exec(page.text)?.[1];
    const document = await srv.call('GET', new URL(spec!, `${srv.baseUrl}/__mock/docs`).pathname);
    expect((document.body as { info: { title: string } }).info.title).toBe('creator-market mock control plane');
    const script = /<script src="([^"]+)"><\/script>/.exec(page.text)?.[1];
    expect(new URL(script!, `${srv.baseUrl}/__mock/docs`).pathname).toBe('/docs/redoc.standalone.js');
  });
});

describe('the served contracts', () => {
  it("name the address this server was reached at, in `servers` and in every example of the API's address", async () => {
    for (const [path, serverUrl] of [
      ['/openapi.json', srv.baseUrl],
      ['/ads/openapi.json', `${srv.baseUrl}/ads`],
    ] as const) {
      const document = await srv.call('GET', path);
      expect(document.status).toBe(200);
      expect((document.body as { servers: { url: string }[] }).servers[0]!.url).toBe(serverUrl);
      expect(document.text).not.toContain('127.0.0.1:4010');
    }
    const product = await srv.call('GET', '/openapi.json');
    // The payment examples' provider pages are this server's.
    expect(product.text).toContain(`${srv.baseUrl}/__mock/pay/card`);
  });
});
