// The mock server: the product API at the root, the ad service under /ads, the OpenAPI and its reference
// docs, generated images, the mock sign-in and payment pages, and the /__mock control plane.
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { adOperations, adsDocument, operations, productDocument } from '@creator-market/openapi';
import { apiRouter, errorHandler, notFoundHandler } from './adapters/express';
import { adHandlers, adKeyRejection, toAdError } from './handlers/ads';
import { handlers } from './handlers';
import { WorldRegistry } from './world/registry';
import { controlRouter, scenarioMiddleware, ControlState } from './control';
import { staticRouter } from './http/static';
import { paymentPagesRouter } from './pages/payments';
import { postcodePages } from './pages/postcode';
import { ApiFailure } from './http/failure';

export interface MockServerOptions {
  seed: number;
  scale: number;
  /** Global latency added to every API response, ms. */
  latencyMs: number;
  /** Origins allowed by CORS besides any localhost/127.0.0.1 origin. */
  corsOrigins: string[];
  /** At most this many named worlds (X-Mock-World) are kept; the least recently used is evicted. */
  maxWorlds: number;
}

export const DEFAULT_OPTIONS: MockServerOptions = { seed: 1, scale: 1, latencyMs: 0, corsOrigins: [], maxWorlds: 16 };

export interface MockServer {
  app: Express;
  worlds: WorldRegistry;
  control: ControlState;
}

const EXPOSED_HEADERS = 'X-Mock-Now, X-Mock-World, X-Mock-World-Status, X-Mock-Scenario';
const ALLOWED_HEADERS = 'Authorization, Content-Type, X-Mock-Scenario, X-Mock-World';

export function createMockServer(partial: Partial<MockServerOptions> & { worlds?: WorldRegistry } = {}): MockServer {
  const options = { ...DEFAULT_OPTIONS, ...partial };
  const worlds = partial.worlds ?? new WorldRegistry({ seed: options.seed, scale: options.scale, maxWorlds: options.maxWorlds });
  const control = new ControlState({ latencyMs: options.latencyMs, worlds, defaultSeed: options.seed, scale: options.scale });

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');

  app.use(cors(options.corsOrigins));
  app.use(worldHeaders(worlds));
  app.use('/__mock', controlRouter(control));
  // The APIs first (most requests are theirs); forced scenarios and latency apply to their operations only.
  const scenarios = scenarioMiddleware(control);
  // The ad service: its fixed app key instead of a user token, and its own error shape `{code, msg}`.
  app.use(
    '/ads',
    apiRouter({
      document: adsDocument,
      operations: adOperations.map((op) => ({ ...op, guest: true })),
      handlers: adHandlers as never,
      worlds,
      guard: (req) => {
        const rejection = adKeyRejection(req.header('authorization'));
        return rejection ? new ApiFailure(rejection.status, 'unauthorized', { message: rejection.body.msg }) : null;
      },
      formatError: toAdError,
      before: scenarios,
    }),
  );
  app.use(apiRouter({ document: productDocument, operations, handlers, worlds, before: scenarios }));
  app.use(staticRouter());
  app.use(paymentPagesRouter(worlds));
  app.use(postcodePages());
  app.use(notFoundHandler);
  app.use(errorHandler);
  return { app, worlds, control };
}

/** Any localhost or 127.0.0.1 origin (any port), plus the configured ones. */
function cors(extraOrigins: string[]) {
  const allowed = (origin: string) => /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin) || extraOrigins.includes(origin);
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.header('origin');
    if (origin && allowed(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
      res.setHeader('Access-Control-Max-Age', '600');
    }
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next();
  };
}

/** Picks the caller's world (X-Mock-World), and stamps every response with that world's clock. */
function worldHeaders(worlds: WorldRegistry) {
  return (req: Request, res: Response, next: NextFunction) => {
    const name = req.header('x-mock-world');
    if (name !== undefined && !WorldRegistry.isValidName(name.trim())) {
      next(new ApiFailure(400, 'bad-request', { message: 'X-Mock-World 이름은 영문, 숫자, _ . : - 로 64자 이내여야 해요.' }));
      return;
    }
    const { world, status } = worlds.resolve(name);
    res.locals.world = world;
    res.setHeader('X-Mock-World', world.name);
    if (status !== 'existing') res.setHeader('X-Mock-World-Status', status);
    res.setHeader('X-Mock-Now', new Date(world.clock.now()).toISOString());
    next();
  };
}
