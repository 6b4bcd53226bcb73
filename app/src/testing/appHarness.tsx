// Test helpers for the app shell and screens: a clean slate between tests, and rendering a screen (or the
// whole app) at an address with the shared UI around it.
import { render, waitFor, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { clearTrackedEvents } from '../services/analytics';
import { startLogin } from '../services/login';
import { clearNotFound } from '../services/notFound';
import { clearScrollPositions } from '../services/scrollMemory';
import { resetSession, session, signIn, TOKEN_STORAGE_KEY } from '../stores/session';
import { hideSplash } from '../stores/ui';
import { UiRoot } from '../ui/UiRoot';
import { ScreenMounted } from '../ui/ScreenMounted';
import { personaToken, type PersonaId } from './testServer';

/** Forgets everything one test could leave to the next: session, storage, events, address. */
export function resetAppState(): void {
  resetSession();
  localStorage.clear();
  sessionStorage.clear();
  clearTrackedEvents();
  clearNotFound();
  clearScrollPositions();
  window.history.replaceState(null, '', '/');
}

/** Signs in as a persona for real (token from the mock's sign-in, account from GET /user/me). */
export async function signInAs(persona: PersonaId): Promise<void> {
  await signIn(await personaToken(persona));
  session.ready = true;
}

/** Stores a persona's token as a previous visit would have, for app-start tests. */
export async function rememberPersona(persona: PersonaId): Promise<void> {
  localStorage.setItem(TOKEN_STORAGE_KEY, await personaToken(persona));
}

/** Renders `ui` at `path` inside the shared UI (dialogs, toasts, login prompt), the splash already gone. */
export function renderAt(path: string, ui: ReactNode): RenderResult {
  window.history.replaceState(null, '', path);
  hideSplash();
  return render(
    <UiRoot onLogin={startLogin}>
      <ScreenMounted>{ui}</ScreenMounted>
    </UiRoot>,
  );
}

/** Waits until the app knows who is signed in (the splash is gone). */
export async function waitForSession(): Promise<void> {
  await waitFor(() => {
    if (!session.ready) throw new Error('session not ready');
  });
}
