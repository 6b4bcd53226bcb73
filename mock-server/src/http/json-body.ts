// How the core reads a request's JSON body, whichever door it came through: one size limit, media type
// rule and strictness, so a body the server refuses is refused in the app's tests too.
// No Node-only imports: Vite bundles it for the browser's service worker.
import { JSON_MEDIA_TYPE } from './access-policy';
import { ApiFailure } from './failure';

/** JSON bodies up to 100 kB; one upload up to 5 MB. */
export const JSON_LIMIT_BYTES = 100 * 1024;
export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

export const tooLarge = () => new ApiFailure(413, 'payload-too-large');

/**
 * The body of a JSON request: undefined when there is none; a 400 when it is not JSON, not sent as JSON (or
 * in another charset than UTF-8), or not an object or array (the strict rule of Express's parser); a 413
 * past the limit.
 */
export function parseJsonBody(text: string, contentType: string, byteLength: number, limit = JSON_LIMIT_BYTES): unknown {
  if (text === '') return undefined;
  const type = contentType.toLowerCase();
  if (!JSON_MEDIA_TYPE.test(type)) {
    throw new ApiFailure(400, 'bad-request', { details: [{ path: '/body', message: `unsupported media type ${type || '(none)'}` }] });
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/.exec(type)?.[1];
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    throw new ApiFailure(400, 'bad-request', { details: [{ path: '/body', message: `unsupported charset ${charset} (UTF-8 only)` }] });
  }
  if (byteLength > limit) throw tooLarge();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    parsed = undefined;
  }
  if (parsed === null || typeof parsed !== 'object')
    throw new ApiFailure(400, 'bad-request', { message: '요청 본문이 올바른 JSON이 아니에요.' });
  return parsed;
}
