// The mock server: the core (./core) behind node's HTTP listener (./doors/node). The product API at the
// root, the ad service under /ads, the OpenAPI and its reference docs, generated images, the mock sign-in,
// payment and seller centre pages, and the /__mock control plane: all answered by the core.
import { readFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { operations, productDocument } from '@creator-market/openapi';
import { createCore, DEFAULT_CORE_OPTIONS, type Core, type CoreOptions } from './core/core';
import { clientErrorHandler } from './doors/node-client-error';
import { nodeListener } from './doors/node';
import { OperationProxy, type ProxyOptions } from './recording/proxy';
import type { WorldRegistry } from './world/registry';

export interface MockServerOptions extends CoreOptions {
  /** Proxy mode: forwards product API operations to a real server (--proxy URL, see ./recording/proxy). */
  proxy?: ProxyOptions;
}

export const DEFAULT_OPTIONS: MockServerOptions = DEFAULT_CORE_OPTIONS;

export interface MockServer extends Omit<Core, 'handle'> {
  core: Core;
  /** What `http.createServer` serves: every request through the core. */
  listener: RequestListener;
  /** The server's 'clientError' listener: requests node refuses (headers past 16 KiB) in the catalogue's shape. */
  clientError: ReturnType<typeof clientErrorHandler>;
}

const require = createRequire(import.meta.url);

/** Redoc's script for /docs, read once when first asked for. */
function redocScript(): () => Uint8Array {
  let bytes: Uint8Array | undefined;
  return () => (bytes ??= readFileSync(require.resolve('redoc/bundles/redoc.standalone.js')));
}

export function createMockServer(partial: Partial<MockServerOptions> & { worlds?: WorldRegistry } = {}): MockServer {
  const { proxy, worlds, ...options } = partial;
  const core = createCore(options, {
    ...(worlds ? { worlds } : {}),
    ...(proxy ? { proxy: new OperationProxy(proxy, productDocument, operations) } : {}),
    assets: { redocScript: redocScript() },
  });
  return {
    core,
    worlds: core.worlds,
    control: core.control,
    journal: core.journal,
    access: core.access,
    listener: nodeListener(core),
    clientError: clientErrorHandler((origin) => core.access.originAllowed(origin)),
  };
}

/** The HTTP server of a mock server (not listening yet). */
export function createHttpServer(mock: Pick<MockServer, 'listener' | 'clientError'>): Server {
  // An idle keep-alive connection is closed after 65 s, not Node's 5 s: a client (undici, a browser) that
  // reuses a connection just as the server closes it gets ECONNRESET, and on a loaded machine a client's
  // timers run late enough to lose that race at 5 s. 65 s is what load balancers keep (AWS ALB's 60 s + 5).
  const server = createServer({ keepAliveTimeout: 65_000 }, mock.listener);
  return server.on('clientError', mock.clientError);
}
