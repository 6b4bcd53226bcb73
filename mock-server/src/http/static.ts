// What the server serves besides the API: the bundled OpenAPI documents, the reference docs (Redoc,
// offline), the generated SVG images every image URL of the world points to, and uploaded photos.
// No Node-only imports: the door that has Redoc's script on disk hands it in (`redocScript`).
import { adsDocument, productDocument } from '@creator-market/openapi';
import { isImageKind, renderImageSvg } from '@creator-market/fixtures';
import { ownValue } from '../lib/own';
import { bytesAnswer, htmlAnswer } from './exchange';
import { ApiFailure } from './failure';
import { queryValue, type Route } from './routes';

export interface StaticAssets {
  /** Redoc's standalone script for /docs; absent where the door has none (the page then says so). */
  redocScript?: () => Uint8Array | string;
}

/** The addresses the bundled contract's examples are written with: `pnpm mock`'s and `pnpm dev`'s defaults. */
const DOCUMENTED_API = 'http://127.0.0.1:4010';

/**
 * The product contract as this server serves it: its `servers` entry and every example that names the API's
 * address say the address the client reached it at (`/docs` under `pnpm mock --port 4600`, the service worker's
 * `<origin>/__api`), so what a reader copies from the reference works here. One text per address, kept.
 */
function documentFor(json: string): (origin: string) => string {
  const byOrigin = new Map<string, string>();
  return (origin) => {
    let text = byOrigin.get(origin);
    if (text === undefined) {
      text = json.replaceAll(DOCUMENTED_API, origin.replace(/\/+$/, ''));
      if (byOrigin.size < 16) byOrigin.set(origin, text);
    }
    return text;
  };
}

/** A Redoc page of a document; both addresses are relative to the page (every door serves it below its base). */
const docsPage = (title: string, specUrl: string, scriptUrl: string) => `<!doctype html>
<html lang="ko">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title}</title>
  <style>body{margin:0}</style>
</head>
<body>
  <redoc spec-url="${specUrl}" hide-download-button="false"></redoc>
  <script src="${scriptUrl}"></script>
</body>
</html>`;

const JSON_TYPE = 'application/json; charset=utf-8';

export function staticRoutes(assets: StaticAssets = {}): Route[] {
  const productJson = documentFor(JSON.stringify(productDocument));
  const adsJson = documentFor(JSON.stringify(adsDocument));
  const routes: Route[] = [
    {
      method: 'GET',
      path: '/openapi.json',
      handle: ({ request, headers }) => bytesAnswer(200, JSON_TYPE, productJson(request.origin), headers),
    },
    {
      method: 'GET',
      path: '/ads/openapi.json',
      handle: ({ request, headers }) => bytesAnswer(200, JSON_TYPE, adsJson(request.origin), headers),
    },
    {
      method: 'GET',
      path: '/docs',
      handle: ({ headers }) => htmlAnswer(200, docsPage('creator-market API 문서', 'openapi.json', 'docs/redoc.standalone.js'), headers),
    },
    // The control plane's reference, from /__mock/openapi.json (the same Redoc script as /docs).
    {
      method: 'GET',
      path: '/__mock/docs',
      handle: ({ headers }) =>
        htmlAnswer(200, docsPage('creator-market 제어 API 문서', 'openapi.json', '../docs/redoc.standalone.js'), headers),
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
  const { redocScript } = assets;
  if (redocScript) {
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
