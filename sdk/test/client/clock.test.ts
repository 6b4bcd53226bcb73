// @vitest-environment node
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient, createServerClock, isApiError } from '../../src/index';
import { API, apiReply, samples } from '../support/contract-responses';

describe('createServerClock', () => {
  afterEach(() => vi.useRealTimers());

  it('is the local clock until it observes the server', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-21T10:00:00.000Z') });
    const clock = createServerClock();
    expect(clock.offsetMs).toBe(0);
    expect(clock.now()).toBe(Date.parse('2026-11-21T10:00:00.000Z'));
  });

  it('adopts the offset of X-Mock-Now given as ISO 8601 or epoch ms, and keeps running with local time', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-21T10:00:00.000Z') });
    const clock = createServerClock();
    clock.observe(new Headers({ 'X-Mock-Now': '2026-11-21T12:30:00.000Z' }));
    expect(clock.offsetMs).toBe(2.5 * 3600_000);
    expect(new Date(clock.now()).toISOString()).toBe('2026-11-21T12:30:00.000Z');
    vi.advanceTimersByTime(61_000);
    expect(new Date(clock.now()).toISOString()).toBe('2026-11-21T12:31:01.000Z');

    clock.observe(new Headers({ 'x-mock-now': String(Date.parse('2026-11-20T09:00:00.000Z')) }));
    expect(new Date(clock.now()).toISOString()).toBe('2026-11-20T09:00:00.000Z');
  });

  it('ignores responses without the header or with an unreadable value', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-21T10:00:00.000Z') });
    const clock = createServerClock();
    clock.observe(new Headers({ 'X-Mock-Now': '2026-11-21T10:00:05.000Z' }));
    clock.observe(new Headers());
    clock.observe(new Headers({ 'X-Mock-Now': 'not a date' }));
    clock.observe(new Headers({ 'X-Mock-Now': '' }));
    expect(clock.offsetMs).toBe(5_000);
  });
});

describe('the api client with a clock', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it('follows X-Mock-Now on every response, errors included', async () => {
    const serverNow = Date.now() + 3 * 86_400_000;
    server.use(
      http.get(`${API}/user/me`, apiReply('getMe', 200, { data: samples.me }, { 'X-Mock-Now': new Date(serverNow).toISOString() })),
    );
    const clock = createServerClock();
    const api = createApiClient({ baseUrl: API, clock });
    await api.get('/user/me');
    expect(Math.abs(clock.now() - serverNow)).toBeLessThan(1_000);

    const earlier = Date.now() - 86_400_000;
    server.use(
      http.get(
        `${API}/user/me`,
        apiReply('getMe', 401, { data: 'unauthorized', message: '로그인이 필요해요.' }, { 'X-Mock-Now': String(earlier) }),
      ),
    );
    await expect(api.get('/user/me')).rejects.toSatisfy(isApiError);
    expect(Math.abs(clock.now() - earlier)).toBeLessThan(1_000);
  });
});
