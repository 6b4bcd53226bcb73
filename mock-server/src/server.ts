// The mock server: the product API at the root, the ad service under /ads, the OpenAPI and its reference
// docs, generated images, the mock sign-in, payment and seller center pages, and the /__mock control plane. API requests
// are answered by the API listener (./http/api-listener); everything else by the Express app.
import { createServer, type RequestListener, type Server } from 'node:http';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { adOperations, adsDocument, operations, productDocument } from '@creator-market/openapi';
import { errorHandler, notFoundHandler } from './http/express-errors';
import { adHandlers, adKeyRejection, toAdError } from './handlers/ads';
import { handlers } from './handlers';
import { WorldQuotaError, WorldRegistry } from './world/registry';
import { controlRouter, scenarioGate, ControlState } from './control';
import { createAccessPolicy } from './http/access-policy';
import { createApiListener, sendError, type ApiService } from './http/api-listener';
import { RequestJournal } from './http/journal';
import { OperationProxy, type ProxyOptions } from './http/proxy';
import { clientErrorHandler } from './http/client-error';
import { ApiFailure } from './http/failure';
import { corsHeaders, enterWorld, headerOf } from './http/request-context';
import { staticRouter } from './http/static';
import { paymentPagesRouter } from './pages/payments';
import { postcodePages } from './pages/postcode';
import { sellerCenterRouter } from './pages/seller-center';

export interface MockServerOptions {
  seed: number;
  scale: number;
  /** Global latency added to every API response, ms. */
  latencyMs: number;
  /** Origins allowed besides loopback ones: CORS, control-plane changes, sign-in and payment returns (--allow-origin). */
  allowOrigins: string[];
  /** Host names this server answers to besides loopback names (--allow-host; DNS-rebinding guard). */
  allowHosts: string[];
  /** At most this many named worlds (X-Mock-World) are kept; the least recently used is evicted. */
  maxWorlds: number;
  /** At most this many new worlds one client (address) may have made in a minute; past it a 429. */
  maxNewWorldsPerMinute: number;
  /** The request journal keeps this many requests per world (--journal N); 0 keeps none. */
  journal: number;
  /** Pins every world's start (epoch ms; tests): see WorldOptions.startAt. */
  startAt?: number;
  /** Proxy mode: forwards product API operations to a real server (--proxy URL, see ./http/proxy). */
  proxy?: ProxyOptions;
}

export const DEFAULT_OPTIONS: MockServerOptions = {
  seed: 1,
  scale: 1,
  latencyMs: 0,
  allowOrigins: [],
  allowHosts: [],
  maxWorlds: 64,
  maxNewWorldsPerMinute: 120,
  journal: 1000,
};

export interface MockServer {
  /** What `http.createServer` serves: the API listener in front of the Express app. */
  listener: RequestListener;
  /** The server's 'clientError' listener: requests node refuses (headers past 16 KiB) in the catalogue's shape. */
  clientError: ReturnType<typeof clientErrorHandler>;
  /** The Express app behind it (control plane, pages, images, docs, not found). */
  app: Express;
  worlds: WorldRegistry;
  control: ControlState;
  journal: RequestJournal;
}

export function createMockServer(partial: Partial<MockServerOptions> & { worlds?: WorldRegistry } = {}): MockServer {
  const options = { ...DEFAULT_OPTIONS, ...partial };
  const worlds =
    partial.worlds ??
    new WorldRegistry({
      seed: options.seed,
      scale: options.scale,
      maxWorlds: options.maxWorlds,
      maxNewWorldsPerMinute: options.maxNewWorldsPerMinute,
      startAt: options.startAt,
    });
  const services: ApiService[] = [
    { prefix: '', document: productDocument, operations, handlers },
    // The ad service: its fixed app key instead of a user token, and its own error shape `{code, msg}`.
    {
      prefix: '/ads',
      document: adsDocument,
      operations: adOperations.map((op) => ({ ...op, guest: true })),
      handlers: adHandlers as never,
      guard: (req) => {
        const rejection = adKeyRejection(headerOf(req, 'authorization'));
        return rejection ? new ApiFailure(rejection.status, 'unauthorized', { message: rejection.body.msg }) : null;
      },
      formatError: toAdError,
    },
  ];
  // Scenarios are forced on the services' operations, each as its own document declares its answers.
  const targets = services.flatMap(({ prefix, document, operations: ops, formatError }) =>
    ops.map((op) => ({ operationId: op.operationId, method: op.method, path: `${prefix}${op.path}`, document, formatError })),
  );
  const control = new ControlState({ latencyMs: options.latencyMs, worlds, defaultSeed: options.seed, scale: options.scale, targets });
  const access = createAccessPolicy({ allowOrigins: options.allowOrigins, allowHosts: options.allowHosts });
  const cors = corsHeaders(access.originAllowed);
  const journal = new RequestJournal(options.journal);

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');
  app.use((req: Request, res: Response, next: NextFunction) => {
    cors(req, res);
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    res.locals.world = enterWorld(worlds, req, res);
    next();
  });
  app.use('/__mock', controlRouter(control, access, journal));
  app.use(staticRouter());
  app.use(paymentPagesRouter(worlds, access));
  app.use(postcodePages());
  app.use(sellerCenterRouter(worlds, access));
  app.use(notFoundHandler);
  app.use(errorHandler);

  const apiListener = createApiListener({
    services,
    worlds,
    cors,
    originAllowed: access.originAllowed,
    journal,
    scenarioGate: scenarioGate(control),
    fallback: app,
    ...(options.proxy ? { proxy: new OperationProxy(options.proxy, productDocument, operations) } : {}),
  });
  // Every request, API, pages and control plane alike, must name this server by a name it answers to.
  // A request naming a world that does not exist yet waits while it is made in slices, so other clients
  // are answered meanwhile (a world at scale 1 is ~0.3-0.5 s of work).
  const listener: RequestListener = (req, res) => {
    const refusal = access.hostRefusal(req);
    if (refusal) return sendError(res, refusal);
    const worldName = headerOf(req, 'x-mock-world');
    if (!worlds.needsPreparing(worldName)) return apiListener(req, res);
    worlds.prepare(worldName!, req.socket.remoteAddress ?? '').then(
      () => apiListener(req, res),
      (err: unknown) => {
        cors(req, res);
        sendError(res, err instanceof WorldQuotaError ? new ApiFailure(429, 'too-many-requests', { message: err.message }) : err);
      },
    );
  };
  return { listener, clientError: clientErrorHandler((origin) => access.originAllowed(origin)), app, worlds, control, journal };
}

/** The HTTP server of a mock server (not listening yet). */
export function createHttpServer(mock: Pick<MockServer, 'listener' | 'clientError'>): Server {
  return createServer(mock.listener).on('clientError', mock.clientError);
}
