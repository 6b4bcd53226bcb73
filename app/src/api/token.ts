// The identity token the API's calls carry. The session store holds it and registers its reader here (the
// store sits above the api layer); the API client reads it for each call, and so do the home's first lists
// before the client has loaded (earlyAnswers.ts: only a call without a token may take an early answer).

let readToken: () => string | null = () => null;

/** Where the token is read from (stores/session.ts calls it once, when it loads). */
export function setTokenReader(read: () => string | null): void {
  readToken = read;
}

/** The signed-in user's identity token, or null for a guest. */
export function currentToken(): string | null {
  return readToken();
}
