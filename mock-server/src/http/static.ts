// What the server serves besides the API: the bundled OpenAPI documents, the reference docs (Redoc,
// offline), the generated SVG images every image URL of the world points to, and uploaded photos.
import { createRequire } from 'node:module';
import express, { type Request, type Response, type Router } from 'express';
import { adsDocument, productDocument } from '@creator-market/openapi';
import { isImageKind, renderImageSvg } from '@creator-market/fixtures';
import type { World } from '../world/world';
import { ownValue } from '../world/own';
import { ApiFailure } from './failure';

const require = createRequire(import.meta.url);
const REDOC_BUNDLE = require.resolve('redoc/bundles/redoc.standalone.js');

const DOCS_PAGE = `<!doctype html>
<html lang="ko">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>creator-market API 문서</title>
  <style>body{margin:0}</style>
</head>
<body>
  <redoc spec-url="/openapi.json" hide-download-button="false"></redoc>
  <script src="/docs/redoc.standalone.js"></script>
</body>
</html>`;

export function staticRouter(): Router {
  const router = express.Router();
  const productJson = JSON.stringify(productDocument);
  const adsJson = JSON.stringify(adsDocument);

  router.get('/openapi.json', (_req, res) => res.type('application/json').send(productJson));
  router.get('/ads/openapi.json', (_req, res) => res.type('application/json').send(adsJson));
  router.get('/docs', (_req, res) => res.type('html').send(DOCS_PAGE));
  // The bundle's own path, resolved above, lies under node_modules/.pnpm/: a dot-folder, which sendFile
  // refuses unless told (the docs page was blank from a fresh clone).
  router.get('/docs/redoc.standalone.js', (_req, res) => res.sendFile(REDOC_BUNDLE, { maxAge: '1d', dotfiles: 'allow' }));

  // The server's pages (sign-in, payment, postcode, docs) have no icon: the browser's own request for one
  // gets an empty answer instead of a 404 in the console.
  router.get('/favicon.ico', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.status(204).end();
  });

  router.get('/img/:kind/:file', (req: Request, res: Response) => {
    const kind = String(req.params.kind);
    const match = /^([A-Za-z0-9_-]{1,80})\.svg$/.exec(String(req.params.file));
    if (!isImageKind(kind) || !match) throw new ApiFailure(404, 'not-found', { message: '없는 이미지예요.' });
    const size = Number(req.query.w);
    const svg = renderImageSvg(kind, match[1]!, Number.isFinite(size) && size >= 16 && size <= 2048 ? size : {});
    res.setHeader('Cache-Control', 'public, max-age=86400, immutable');
    res.type('image/svg+xml').send(svg);
  });

  router.get('/uploads/profiles/:file', (req: Request, res: Response) => {
    const world = res.locals.world as World;
    const uid = String(req.params.file).replace(/\.[a-z]+$/, '');
    const upload = ownValue(world.store.state.uploads, uid);
    if (!upload) throw new ApiFailure(404, 'not-found', { message: '없는 이미지예요.' });
    res.setHeader('Cache-Control', 'no-cache');
    res.type(upload.contentType).send(Buffer.from(upload.base64, 'base64'));
  });
  return router;
}
