import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode, startTestServer, type TestServer } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const freshWorld = () => srv.freshWorld('device-test');

const PIXEL = { name: 'Pixel 8', os: 'android', deviceToken: 'fcm:dGVzdC1kZXZpY2UtdG9rZW4tMDAx' };
const IPHONE = { name: 'iPhone 15', os: 'ios', deviceToken: 'apns:6b1f0c2d9e8a7b6c5d4e3f2a1b0c9d8e' };

describe('listDevices', () => {
  it("lists the account's push devices", async () => {
    const res = await srv.call('GET', '/device', { token: srv.token('buyer') });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]!.os).toBe('ios');
    const seller = await srv.call('GET', '/device', { token: srv.token('seller') });
    expect(seller.body.data.map((d: { os: string }) => d.os)).toEqual(['android']);
  });

  it('is empty for an account without devices', async () => {
    const res = await srv.call('GET', '/device', { token: srv.token('buyer-new') });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it('is 401 for a guest', async () => {
    expect((await srv.call('GET', '/device')).status).toBe(401);
  });
});

describe('addDevice', () => {
  it("registers devices in order and answers the account's devices", async () => {
    const { name, headers } = freshWorld();
    const token = srv.token('buyer-new', name);
    const first = await srv.call('POST', '/device/add', { token, headers, body: PIXEL });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([PIXEL]);
    const second = await srv.call('POST', '/device/add', { token, headers, body: IPHONE });
    expect(second.body.data).toEqual([PIXEL, IPHONE]);
    expect((await srv.call('GET', '/device', { token, headers })).body.data).toEqual([PIXEL, IPHONE]);
  });

  it('does nothing for a token already on the account', async () => {
    const { name, headers } = freshWorld();
    const token = srv.token('buyer-new', name);
    await srv.call('POST', '/device/add', { token, headers, body: PIXEL });
    await srv.call('POST', '/device/add', { token, headers, body: IPHONE });
    const again = await srv.call('POST', '/device/add', { token, headers, body: { ...PIXEL, name: 'Pixel 8 Pro' } });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual([PIXEL, IPHONE]);
  });

  it("keeps each account's devices to itself", async () => {
    const { name, headers } = freshWorld();
    await srv.call('POST', '/device/add', { token: srv.token('buyer-new', name), headers, body: PIXEL });
    const buyer = await srv.call('GET', '/device', { token: srv.token('buyer', name), headers });
    expect(buyer.body.data.map((d: { deviceToken: string }) => d.deviceToken)).not.toContain(PIXEL.deviceToken);
  });

  it('refuses an unknown OS or a missing token (schema)', async () => {
    const token = srv.token('buyer-new');
    for (const body of [
      { ...PIXEL, os: 'windows' },
      { name: 'Pixel 8', os: 'android' },
    ]) {
      const res = await srv.call('POST', '/device/add', { token, body });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('bad-request');
    }
    expect((await srv.call('GET', '/device', { token })).body.data).toEqual([]);
  });

  it('is 401 for a guest', async () => {
    expect((await srv.call('POST', '/device/add', { body: PIXEL })).status).toBe(401);
  });
});
