// What the server serves besides the API: the bundled OpenAPI documents, the reference docs (Redoc,
// offline), the generated SVG images every image URL of the world points to, and uploaded photos.
// No Node-only imports: the door that has Redoc's script on disk hands it in (`redocScript`).
import { adsDocument, controlDocument, productDocument } from '@creator-market/openapi';
import { isImageKind, renderImageSvg } from '@creator-market/fixtures';
import { ownValue } from '../lib/own';
import { docsDocument } from './docs-document';
import { bytesAnswer, htmlAnswer } from './exchange';
import { ApiFailure } from './failure';
import { queryValue, type Route } from './routes';

export interface StaticAssets {
  /** Redoc's standalone script for /docs; absent where the door has none (the page then says so). */
  redocScript?: () => Uint8Array | string;
}

export interface StaticOptions {
  /**
   * The app's origin the examples name (the first `--allow-origin`); without one they keep `pnpm dev`'s
   * app, which the descriptions call the app's origin.
   */
  appOrigin?: string;
}

/** The addresses the bundled contract's examples are written with: `pnpm mock`'s and `pnpm dev`'s defaults. */
const DOCUMENTED_API = 'http://127.0.0.1:4010';
const DOCUMENTED_APP = 'http://127.0.0.1:5173';

/**
 * A contract as this server serves it: its `servers` entry and every example that names the API's address
 * say the address the client reached it at (`/docs` under `pnpm mock --port 4600`, the service worker's
 * `<origin>/__api`), so what a reader copies from the reference works here; the app's address is
 * `appOrigin` when the server was given one. One text per address, kept.
 */
function documentFor(document: () => object, appOrigin: string | undefined): (origin: string) => string {
  let json: string | undefined;
  const byOrigin = new Map<string, string>();
  return (origin) => {
    let text = byOrigin.get(origin);
    if (text === undefined) {
      // Written on first use: the server starts without it.
      json ??= appOrigin ? JSON.stringify(document()).replaceAll(DOCUMENTED_APP, appOrigin) : JSON.stringify(document());
      text = json.replaceAll(DOCUMENTED_API, origin.replace(/\/+$/, ''));
      if (byOrigin.size < 16) byOrigin.set(origin, text);
    }
    return text;
  };
}

/** Redoc's side menu shows its logo from cdn.redoc.ly; the served script shows a blank one, so the page fetches nothing from the internet. */
const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const BLANK_LOGO = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/%3E";

function offlineRedoc(script: () => Uint8Array | string): () => string {
  let text: string | undefined;
  return () => {
    if (text !== undefined) return text;
    const source = script();
    const original = typeof source === 'string' ? source : new TextDecoder().decode(source);
    // A Redoc that no longer has this logo needs no rewrite (test/docs.test.ts scans what is served).
    return (text = original.replaceAll(REDOC_LOGO, BLANK_LOGO));
  };
}

/**
 * A Redoc page of a document; every address is relative to the page (every door serves it below its
 * base). The download button offers `downloadUrl`, the contract itself.
 */
const docsPage = (title: string, specUrl: string, downloadUrl: string, scriptUrl: string) => `<!doctype html>
<html lang="ko">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title}</title>
  <style>body{margin:0}</style>
</head>
<body>
  <redoc spec-url="${specUrl}" download-definition-url="${downloadUrl}" hide-download-button="false"></redoc>
  <script src="${scriptUrl}"></script>
</body>
</html>`;

const JSON_TYPE = 'application/json; charset=utf-8';

export function staticRoutes(assets: StaticAssets = {}, { appOrigin }: StaticOptions = {}): Route[] {
  const documents: Array<[path: string, text: (origin: string) => string]> = [
    ['/openapi.json', documentFor(() => productDocument, appOrigin)],
    ['/ads/openapi.json', documentFor(() => adsDocument, appOrigin)],
    // The control plane's own document, for tools (Redoc, Postman); not an operation of it.
    ['/__mock/openapi.json', documentFor(() => controlDocument, appOrigin)],
    // What /docs renders: the product contract with its narrowed error bodies written out (./docs-document).
    ['/docs/openapi.json', documentFor(() => docsDocument(productDocument), appOrigin)],
  ];
  const routes: Route[] = [
    ...documents.map(([path, text]): Route => ({
      method: 'GET',
      path,
      handle: ({ request, headers }) => bytesAnswer(200, JSON_TYPE, text(request.origin), headers),
    })),
    {
      method: 'GET',
      path: '/docs',
      handle: ({ headers }) =>
        htmlAnswer(200, docsPage('creator-market API 문서', 'docs/openapi.json', 'openapi.json', 'docs/redoc.standalone.js'), headers),
    },
    // The control plane's reference, from /__mock/openapi.json (the same Redoc script as /docs).
    {
      method: 'GET',
      path: '/__mock/docs',
      handle: ({ headers }) =>
        htmlAnswer(200, docsPage('creator-market 제어 API 문서', 'openapi.json', 'openapi.json', '../docs/redoc.standalone.js'), headers),
    },
    // The server's pages (sign-in, payment, postcode, docs) have no icon: the browser's own request for one
    // gets an empty answer instead of a 404 in the console.
    {
      method: 'GET',
      path: '/favicon.ico',
      handle: ({ headers }) => ({ status: 204, headers: { ...headers, 'Cache-Control': 'public, max-age=86400' } }),
    },
    {
      method: 'GET',
      path: '/img/{kind}/{file}',
      handle: ({ params, query, headers }) => {
        const kind = params.kind!;
        const match = /^([A-Za-z0-9_-]{1,80})\.svg$/.exec(params.file!);
        if (!isImageKind(kind) || !match) throw new ApiFailure(404, 'not-found', { message: '없는 이미지예요.' });
        const size = Number(queryValue(query, 'w'));
        const svg = renderImageSvg(kind, match[1]!, Number.isFinite(size) && size >= 16 && size <= 2048 ? size : {});
        headers['Cache-Control'] = 'public, max-age=86400, immutable';
        return bytesAnswer(200, 'image/svg+xml; charset=utf-8', svg, headers);
      },
    },
    {
      method: 'GET',
      path: '/uploads/profiles/{file}',
      handle: ({ world, params, headers }) => {
        const uid = params.file!.replace(/\.[a-z]+$/, '');
        const upload = ownValue(world.store.state.uploads, uid);
        if (!upload) throw new ApiFailure(404, 'not-found', { message: '없는 이미지예요.' });
        headers['Cache-Control'] = 'no-cache';
        return bytesAnswer(200, upload.contentType, base64Bytes(upload.base64), headers);
      },
    },
  ];
  if (assets.redocScript) {
    const redocScript = offlineRedoc(assets.redocScript);
    routes.push({
      method: 'GET',
      path: '/docs/redoc.standalone.js',
      handle: ({ headers }) =>
        bytesAnswer(200, 'application/javascript; charset=utf-8', redocScript(), { ...headers, 'Cache-Control': 'public, max-age=86400' }),
    });
  }
  return routes;
}

function base64Bytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
