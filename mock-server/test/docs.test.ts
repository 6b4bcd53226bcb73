// The API reference at /docs: the page and the Redoc bundle it loads (which lives in a dot-folder of
// node_modules, so a plain sendFile refused it and the page stayed blank), the addresses the served documents
// name, nothing fetched from the internet, and the document Redoc renders (the contract, its narrowed error
// bodies written out). The browser journey `api-docs` checks that the operations are listed, that the pages
// make no request off the machine and that Redoc warns about nothing.
import { productDocument } from '@creator-market/openapi';
import Ajv2020 from 'ajv/dist/2020.js';
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
    // Redoc renders the docs document; its download button offers the contract itself.
    expect(new URL(/spec-url="([^"]+)"/.exec(page.text)![1]!, `${srv.baseUrl}/docs`).pathname).toBe('/docs/openapi.json');
    expect(new URL(/download-definition-url="([^"]+)"/.exec(page.text)![1]!, `${srv.baseUrl}/docs`).pathname).toBe('/openapi.json');
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
      ['/__mock/openapi.json', `${srv.baseUrl}/__mock`],
      ['/docs/openapi.json', srv.baseUrl],
    ] as const) {
      const document = await srv.call('GET', path);
      expect(document.status).toBe(200);
      expect((document.body as { servers: { url: string }[] }).servers[0]!.url).toBe(serverUrl);
      expect(document.text).not.toContain('127.0.0.1:4010');
    }
    const product = await srv.call('GET', '/openapi.json');
    // The payment examples' provider pages are this server's, at the paths it serves them on.
    for (const page of ['/__pay/kakao', '/__pay/card?oid=', '/__pay/card/result']) expect(product.text).toContain(`${srv.baseUrl}${page}`);
    expect(product.text).not.toContain('/__mock/pay/');
    // Without --allow-origin the app's origin in the examples is `pnpm dev`'s app.
    expect(product.text).toContain('http://127.0.0.1:5173/r/');
  });

  it('name the first --allow-origin as the app the payment examples return to', async () => {
    const qa = await startTestServer({ allowOrigins: ['https://qa.example:8443'] });
    try {
      for (const path of ['/openapi.json', '/docs/openapi.json']) {
        const text = (await qa.call('GET', path)).text;
        expect(text).not.toContain('127.0.0.1:5173');
        expect(text).toContain('https://qa.example:8443/r/261121000123/pay');
      }
    } finally {
      await qa.close();
    }
  });
});

/** Addresses off this machine that a page or script of the docs would make the browser fetch. */
function fetchedExternally(text: string): string[] {
  const url = String.raw`https?://(?!127\.0\.0\.1|localhost)[^\s"'\x60)]+`;
  const contexts = [
    // HTML attributes (src, href of <link>, srcset, poster) and script properties (React's `src:"…"`)
    new RegExp(String.raw`\b(?:src|srcset|poster)\s*[=:]\s*["'\x60](${url})`, 'g'),
    new RegExp(String.raw`<link\b[^>]*\bhref\s*=\s*["'](${url})`, 'g'),
    new RegExp(String.raw`url\(\s*["']?(${url})`, 'g'),
    new RegExp(String.raw`@import\s+["'](${url})`, 'g'),
    new RegExp(String.raw`\b(?:fetch|import)\(\s*["'\x60](${url})`, 'g'),
  ];
  return contexts.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!));
}

describe('nothing leaves the machine', () => {
  it('the pages of /docs and /__mock/docs and the Redoc script they load fetch nothing from the internet', async () => {
    const script = await srv.call('GET', '/docs/redoc.standalone.js');
    expect(fetchedExternally(script.text)).toEqual([]);
    for (const path of ['/docs', '/__mock/docs']) {
      const page = await srv.call('GET', path);
      expect(fetchedExternally(page.text)).toEqual([]);
      for (const [, src] of page.text.matchAll(/<script src="([^"]+)"/g))
        expect(new URL(src!, `${srv.baseUrl}${path}`).origin).toBe(srv.baseUrl);
    }
  });

  it('the scan finds what a browser would fetch', () => {
    expect(fetchedExternally('createElement("img",{alt:"logo",src:"https://cdn.example/logo.svg"})')).toEqual([
      'https://cdn.example/logo.svg',
    ]);
    expect(fetchedExternally('<link rel="stylesheet" href="https://fonts.example/css">')).toEqual(['https://fonts.example/css']);
    expect(fetchedExternally('a{background:url(https://cdn.example/a.png)}')).toEqual(['https://cdn.example/a.png']);
    // Links the reader may follow, and names that are no address to fetch, are not fetched by the page.
    expect(
      fetchedExternally(
        '<a href="https://redocly.com/redoc/">Redocly</a> $id:"https://json-schema.org/x" xmlns="http://www.w3.org/2000/svg"',
      ),
    ).toEqual([]);
  });
});

type Json = Record<string, unknown>;

/** The JSON pointers of every `allOf: [ErrorBody, …]` of the contract. */
function narrowedErrorBodies(node: unknown, pointer = ''): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const here =
    Array.isArray((node as Json).allOf) && ((node as Json).allOf as Json[])[0]?.$ref === '#/components/schemas/ErrorBody' ? [pointer] : [];
  const below = Object.entries(node).flatMap(([key, value]) =>
    narrowedErrorBodies(value, `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`),
  );
  return [...here, ...below];
}

/** An error body of every shape, with every code in it, and the shapes crossed (a plain code as a list error and back). */
function errorBodies(): unknown[] {
  const schemas = (productDocument.components as { schemas: Record<string, { enum: string[] }> }).schemas;
  const plain = schemas.PlainErrorCode!.enum;
  const listed = schemas.ListErrorCode!.enum;
  const message = '설명';
  return [
    ...[...plain, ...listed].flatMap((code) => [
      { data: code, message },
      { data: { code, list: [] }, message },
    ]),
    { data: 'server-notice', message, title: '점검', msg: '점검 중이에요' },
    { data: 'bad-request', message },
    { data: 'bad-request', message, details: [{ path: '/body/x', message: 'required' }] },
    { data: 'unknown-scenario', message, scenarios: ['out-of-stock'] },
    { data: { code: 'bad-request', list: [] }, message },
  ];
}

describe('the document /docs renders', () => {
  it('has no ErrorBody allOf left, and every one written out accepts exactly the bodies the contract does', async () => {
    const docs = (await srv.call('GET', '/docs/openapi.json')).body as Json;
    const served = (await srv.call('GET', '/openapi.json')).body as Json;
    const sites = narrowedErrorBodies(served);
    expect(sites.length).toBeGreaterThan(40);
    expect(narrowedErrorBodies(docs)).toEqual([]);

    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ ...served, $id: 'https://contract.invalid/product.json' });
    ajv.addSchema({ ...docs, $id: 'https://docs.invalid/product.json' });
    const bodies = errorBodies();
    for (const site of sites) {
      const fragment = site.split('/').map(encodeURIComponent).join('/');
      const contract = ajv.compile({ $ref: `https://contract.invalid/product.json#${fragment}` });
      const written = ajv.compile({ $ref: `https://docs.invalid/product.json#${fragment}` });
      const accepted = bodies.filter((body) => contract(body));
      expect(accepted.length, site).toBeGreaterThan(0);
      expect(
        bodies.filter((body) => written(body)),
        site,
      ).toEqual(accepted);
    }
  });
});
