// Identity tokens of the mock: `cm.<uid>.<check>`. The check is a keyed hash so a hand-edited uid is
// rejected; it is not security (this is a mock) and it is pure JS so the browser adapter can use it too.
const SECRET = 'creator-market-mock';

function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

export function issueToken(uid: string): string {
  return `cm.${uid}.${fnv1a(`${SECRET}:${uid}`)}`;
}

/** The uid a token was issued for, or null when the token is not one of ours. */
export function verifyToken(token: string | null | undefined): string | null {
  if (!token) return null;
  const match = /^cm\.([A-Za-z0-9_-]{1,64})\.([0-9a-z]+)$/.exec(token);
  if (!match) return null;
  const [, uid, check] = match;
  return check === fnv1a(`${SECRET}:${uid}`) ? uid! : null;
}

export function bearerToken(authorization: string | null | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match ? match[1]! : null;
}
