// Who may talk to the mock server. It runs on developers' laptops while they browse the web, so no web page
// of another site may change a world, read one, or be sent a token:
//
// - Host: every request must name the server by a loopback name (localhost, 127.0.0.1, [::1]) or a host
//   given with --allow-host. A DNS-rebinding page reaches 127.0.0.1 under its own name, so this refuses it.
// - Origin: a browser says which page sent a request. State-changing control-plane calls, and the redirects
//   that carry a token (sign-in, payment completion), are allowed only for loopback origins (any port: the
//   app's dev server, its preview, the simulator, the e2e and Lighthouse builds) and --allow-origin ones.
//   A request without an Origin comes from a tool (curl, a test), not from a page, and is allowed.
// - Content type: the body of a state-changing control-plane call must be `application/json`, which a page
//   of another site cannot send without a CORS preflight, which the server refuses.
//
// Refusals are 403 `forbidden` (415 `unsupported-media-type` for the content type) in the catalogue's shape.
import type { CoreRequest } from './exchange';
import { ApiFailure } from './failure';

export interface AccessPolicyOptions {
  /** Host names (without port) accepted besides the loopback names. */
  allowHosts?: readonly string[];
  /** Origins (scheme://host[:port]) accepted besides loopback origins. */
  allowOrigins?: readonly string[];
}

export interface AccessPolicy {
  /** Whether a browser page of `origin` may change state or receive a token. */
  originAllowed: (origin: string) => boolean;
  /** The refusal of a request whose Host header is not this server's, or null. */
  hostRefusal(host: string | undefined): ApiFailure | null;
  /** The refusal of a state-changing control-plane request, or null (see the module comment). */
  controlRefusal(request: CoreRequest): ApiFailure | null;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** `application/json`, optionally with parameters (`; charset=utf-8`); nothing else that merely mentions json. */
export const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

/** Whether a host name (no port) is a loopback name. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase()) || hostname.toLowerCase().endsWith('.localhost');
}

/** The host name of a Host header value, without its port ('[::1]:4010' -> '[::1]'). */
function hostnameOf(host: string): string {
  const trimmed = host.trim().toLowerCase();
  if (trimmed.startsWith('[')) return trimmed.slice(0, trimmed.indexOf(']') + 1);
  const colon = trimmed.lastIndexOf(':');
  return colon === -1 ? trimmed : trimmed.slice(0, colon);
}

export function createAccessPolicy({ allowHosts = [], allowOrigins = [] }: AccessPolicyOptions = {}): AccessPolicy {
  const hosts = new Set(allowHosts.map((host) => hostnameOf(host)));
  const origins = new Set(allowOrigins.map((origin) => origin.replace(/\/+$/, '').toLowerCase()));
  const originAllowed = (origin: string) => LOOPBACK_ORIGIN.test(origin) || origins.has(origin.toLowerCase());

  return {
    originAllowed,
    hostRefusal(host) {
      // HTTP/1.0 clients may send no Host; browsers always send one.
      if (host === undefined) return null;
      const hostname = hostnameOf(host);
      if (isLoopbackHost(hostname) || hosts.has(hostname)) return null;
      return new ApiFailure(403, 'forbidden', {
        message: `이 서버는 ${hostname || '(빈 이름)'} 이름으로 부를 수 없어요: localhost, 127.0.0.1 또는 --allow-host로 더한 이름만 받아요.`,
      });
    },
    controlRefusal(request) {
      if (SAFE_METHODS.has(request.method)) return null;
      const origin = request.header('origin');
      if (origin !== undefined && !originAllowed(origin)) {
        return new ApiFailure(403, 'forbidden', {
          message: `제어 API는 이 출처(${origin})의 페이지에서 쓸 수 없어요: 로컬 앱이나 --allow-origin으로 더한 출처만 받아요.`,
        });
      }
      // A body must be JSON. A call without one (POST /__mock/markets/4/open) needs no Content-Type: a page
      // that sends one cross-site also sends its Origin (refused above).
      const type = request.header('content-type') ?? '';
      if ((request.hasBody || type !== '') && !JSON_MEDIA_TYPE.test(type)) {
        return new ApiFailure(415, 'unsupported-media-type', {
          message: `제어 API의 변경 요청은 Content-Type: application/json 이어야 해요 (받은 값: ${type || '없음'}).`,
        });
      }
      return null;
    },
  };
}
