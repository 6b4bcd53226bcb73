// The control client over an intercepted fetch (the msw door of component tests): it sends through the
// fetch of the moment of each call, so a client made before the interceptor starts goes through it.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMockControl, MOCK_WORLD_HEADER } from '../../src/control';

const mock = createMockControl({ baseUrl: 'http://mock.test', world: 'component-test' });
const seen: Array<string | null> = [];
const server = setupServer(
  http.post('http://mock.test/__mock/login', ({ request }) => {
    seen.push(request.headers.get(MOCK_WORLD_HEADER));
    return HttpResponse.json({ token: 't', uid: 'u' });
  }),
  http.get('http://mock.test/__mock/clock', () => HttpResponse.json({ data: 'not-found', message: '없어요' }, { status: 404 })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

it('goes through an interceptor started after the client was made', async () => {
  expect(await mock.login('buyer')).toEqual({ token: 't', uid: 'u' });
  expect(seen).toEqual(['component-test']);
  await expect(mock.clock.get()).rejects.toMatchObject({ status: 404, code: 'not-found', body: { data: 'not-found', message: '없어요' } });
});
