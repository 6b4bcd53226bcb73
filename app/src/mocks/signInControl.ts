// The two /__mock control calls sign-in needs, for where the Express control plane is absent (the
// in-browser mock and component tests), built on the product handlers themselves: GET /__mock/personas
// reads the personas off the mock's Kakao sign-in page, POST /__mock/login follows a persona's link (the
// 302 back to the app carries the token).
import { getResponse, http, HttpResponse, type HttpHandler } from 'msw';
import { API_BASE } from '../config';

const signInPage = () => `${API_BASE}/auth/v2/kakao?state=${encodeURIComponent(window.location.origin)}`;

/** The personas the mock's Kakao sign-in page offers: [{id, label}]. */
export async function personasOfSignInPage(handlers: HttpHandler[]): Promise<Array<{ id: string; label: string }>> {
  const response = await getResponse(handlers, new Request(signInPage()));
  if (!response?.ok) return [];
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  return [...page.querySelectorAll<HTMLAnchorElement>('a[data-persona]')].map((link) => ({
    id: link.dataset.persona ?? '',
    label: link.querySelector('span')?.textContent ?? '',
  }));
}

/** Signs in as a persona through the sign-in operation; the token is in the redirect back to the app. */
export async function personaLogin(handlers: HttpHandler[], persona: string): Promise<{ token: string; uid: string } | null> {
  const redirect = await getResponse(handlers, new Request(`${signInPage()}&persona=${encodeURIComponent(persona)}`));
  const location = redirect?.headers.get('location');
  const token = location ? new URL(location).searchParams.get('token') : null;
  if (!token) return null;
  const me = await getResponse(handlers, new Request(`${API_BASE}/user/me`, { headers: { Authorization: `Bearer ${token}` } }));
  const body = (await me?.json()) as { data?: { user?: { uid?: string } } } | undefined;
  return { token, uid: body?.data?.user?.uid ?? '' };
}

export function signInControlHandlers(handlers: HttpHandler[]): HttpHandler[] {
  return [
    http.get(`${API_BASE}/__mock/personas`, async () => HttpResponse.json({ personas: await personasOfSignInPage(handlers) })),
    http.post(`${API_BASE}/__mock/login`, async ({ request }) => {
      const { persona } = (await request.json()) as { persona?: string };
      const session = persona ? await personaLogin(handlers, persona) : null;
      return session
        ? HttpResponse.json(session)
        : HttpResponse.json({ data: 'bad-request', message: `unknown persona ${String(persona)}` }, { status: 400 });
    }),
  ];
}
