import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personaById } from '@creator-market/fixtures';
import { VALIDATION_MESSAGES } from '@creator-market/sdk/domain';
import { errorCode, startTestServer, type TestServer, errorDetails } from './support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

/** A pristine world of its own for a test that writes. */
const freshWorld = () => srv.freshWorld('user-test');

const store = (world: string) => srv.mock.worlds.fromRequest(world).store;

async function me(token: string, headers: Record<string, string>) {
  const res = await srv.call('GET', '/user/me', { token, headers });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('getMe', () => {
  it("answers the buyer's user, no seller record and the sign-in identity", async () => {
    const res = await srv.call('GET', '/user/me', { token: srv.token('buyer') });
    expect(res.status).toBe(200);
    const buyer = personaById('buyer');
    expect(res.body.data.user).toMatchObject({ uid: buyer.uid, level: 0, name: '김하늘', phone: '+821012345678' });
    expect(res.body.data.seller).toBeNull();
    expect(res.body.data.auth).toMatchObject({ uid: buyer.uid, email: buyer.email, displayName: buyer.displayName });
  });

  it("answers a seller's own record (with bank and business) for a seller", async () => {
    const res = await srv.call('GET', '/user/me', { token: srv.token('seller') });
    expect(res.status).toBe(200);
    expect(res.body.data.user.level).toBe(1);
    expect(res.body.data.seller).toMatchObject({ publicId: 'mallang_studio' });
    expect(res.body.data.seller?.bank).toBeDefined();
    expect(res.body.data.seller?.business).toBeDefined();
  });

  it('answers a new buyer with nothing filled in yet', async () => {
    const data = await me(srv.token('buyer-new'), {});
    expect(data.user).toEqual({ uid: personaById('buyer-new').uid, level: 0, bgColor: '#07D1AE' });
  });

  it('is 401 for a guest and for a forged token', async () => {
    expect((await srv.call('GET', '/user/me')).status).toBe(401);
    const forged = srv.token('buyer').replace(/\.[0-9a-z]+$/, '.abc');
    const res = await srv.call('GET', '/user/me', { token: forged });
    expect(res.status).toBe(401);
    expect(errorCode(res.body)).toBe('unauthorized');
  });
});

describe('updateUser', () => {
  it('replaces the fields sent and keeps the others', async () => {
    const { name, headers } = freshWorld();
    const token = srv.token('buyer', name);
    const body = {
      name: 'Haneul_Kim',
      sns: { type: 3, id: 'haneul_tw' },
      cashReceipt: { isPersonal: false, no: '1234567890' },
      bgColor: '#ffb6c1',
    };
    const res = await srv.call('POST', '/user', { token, headers, body });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject(body);
    const after = await me(token, headers);
    expect(after.user).toMatchObject({ ...body, phone: '+821012345678', account: { no: '110123456789', type: '088' } });

    const again = await srv.call('POST', '/user', { token, headers, body: { bgColor: '#07D1AE' } });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ name: 'Haneul_Kim', bgColor: '#07D1AE' });
  });

  it('stores an empty SNS id when no SNS is chosen', async () => {
    const { name, headers } = freshWorld();
    const token = srv.token('buyer', name);
    const res = await srv.call('POST', '/user', { token, headers, body: { sns: { type: 0, id: 'left_over' } } });
    expect(res.status).toBe(200);
    expect(res.body.data.sns).toEqual({ type: 0, id: '' });
  });

  it('refuses a blank SNS id for a chosen SNS, with the sdk message, and changes nothing', async () => {
    const { name, headers } = freshWorld();
    const token = srv.token('buyer', name);
    const res = await srv.call('POST', '/user', { token, headers, body: { name: '새이름', sns: { type: 1, id: '   ' } } });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
    expect(errorDetails(res.body)).toEqual([{ path: '/body/sns/id', message: VALIDATION_MESSAGES.snsIdRequired }]);
    expect((await me(token, headers)).user).toMatchObject({ name: '김하늘', sns: { type: 1, id: 'haneul_daily' } });
  });

  it('refuses a name with a space, an empty body and a bad colour (schema)', async () => {
    const token = srv.token('buyer');
    for (const body of [{ name: '김 하늘' }, {}, { bgColor: 'red' }, { cashReceipt: { isPersonal: true, no: '1234' } }]) {
      const res = await srv.call('POST', '/user', { token, body });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('bad-request');
    }
  });

  it('is 401 for a guest', async () => {
    const res = await srv.call('POST', '/user', { body: { name: '손님' } });
    expect(res.status).toBe(401);
  });
});

describe('validateUserAccount', () => {
  it("verifies the account with the holder's name and stores it as the refund account", async () => {
    const { name, headers } = freshWorld();
    const token = srv.token('buyer-new', name);
    const res = await srv.call('POST', '/user/valid-account', { token, headers, body: { no: '1002345678901', type: '020' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ name: '이새봄', no: '1002345678901', type: '020' });
    expect((await me(token, headers)).user.account).toEqual(res.body.data);
  });

  it("answers popbill-error for an account number ending in '000' or an unknown bank, and keeps the stored account", async () => {
    const { name, headers } = freshWorld();
    const token = srv.token('buyer', name);
    // the mock bank's rule (handlers/user.ts bankHolder): numbers ending in 000 and unknown bank codes fail
    for (const body of [
      { no: '1002345678000', type: '020' },
      { no: '1002345678901', type: '999' },
    ]) {
      const res = await srv.call('POST', '/user/valid-account', { token, headers, body });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('popbill-error');
    }
    expect((await me(token, headers)).user.account).toEqual({ name: '김하늘', no: '110123456789', type: '088' });
  });

  it('refuses a number that is not 8 to 14 digits (schema)', async () => {
    const res = await srv.call('POST', '/user/valid-account', { token: srv.token('buyer'), body: { no: '1234567', type: '020' } });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
  });

  it('is 401 for a guest', async () => {
    expect((await srv.call('POST', '/user/valid-account', { body: { no: '1002345678901', type: '020' } })).status).toBe(401);
  });
});

describe('validatePhone', () => {
  const PHONE = '+821098765432';

  it('sends a 6-digit code, then stores the phone when the code matches, and uses the code up', async () => {
    const { name, headers } = freshWorld();
    const token = srv.token('buyer-new', name);
    const uid = personaById('buyer-new').uid;
    const sent = await srv.call('POST', '/user/valid-phone', { token, headers, body: { phone: PHONE, isRequestSMS: true } });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ phone: PHONE });
    const code = store(name).state.phoneVerifications[uid]!.code;
    expect(code).toMatch(/^\d{6}$/);
    expect((await me(token, headers)).user.phone).toBeUndefined();

    const checked = await srv.call('POST', '/user/valid-phone', { token, headers, body: { phone: PHONE, code, isRequestSMS: false } });
    expect(checked.status).toBe(200);
    expect(checked.body.data).toEqual({ phone: PHONE });
    expect((await me(token, headers)).user.phone).toBe(PHONE);
    expect(store(name).state.phoneVerifications[uid]).toBeUndefined();

    const reused = await srv.call('POST', '/user/valid-phone', { token, headers, body: { phone: PHONE, code, isRequestSMS: false } });
    expect(reused.status).toBe(400);
    expect(errorCode(reused.body)).toBe('validate-sms-failed');
  });

  it('answers validate-sms-failed for a wrong code, another number, a missing code or no code sent', async () => {
    const { name, headers } = freshWorld();
    const token = srv.token('buyer', name);
    const uid = personaById('buyer').uid;
    const none = await srv.call('POST', '/user/valid-phone', {
      token,
      headers,
      body: { phone: PHONE, code: '123456', isRequestSMS: false },
    });
    expect(errorCode(none.body)).toBe('validate-sms-failed');

    await srv.call('POST', '/user/valid-phone', { token, headers, body: { phone: PHONE, isRequestSMS: true } });
    const code = store(name).state.phoneVerifications[uid]!.code;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (const body of [
      { phone: PHONE, code: wrong, isRequestSMS: false },
      { phone: '+821011112222', code, isRequestSMS: false },
      { phone: PHONE, isRequestSMS: false },
    ]) {
      const res = await srv.call('POST', '/user/valid-phone', { token, headers, body });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('validate-sms-failed');
    }
    expect((await me(token, headers)).user.phone).toBe('+821012345678');
    // a failed check leaves the code in place
    const ok = await srv.call('POST', '/user/valid-phone', { token, headers, body: { phone: PHONE, code, isRequestSMS: false } });
    expect(ok.status).toBe(200);
  });

  it('expires the code after 300 seconds on the world clock', async () => {
    const { name, headers } = freshWorld();
    const token = srv.token('buyer-new', name);
    await srv.call('POST', '/user/valid-phone', { token, headers, body: { phone: PHONE, isRequestSMS: true } });
    const code = store(name).state.phoneVerifications[personaById('buyer-new').uid]!.code;
    srv.mock.worlds.fromRequest(name).clock.advance(300_000);
    const res = await srv.call('POST', '/user/valid-phone', { token, headers, body: { phone: PHONE, code, isRequestSMS: false } });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('validate-sms-failed');
    expect((await me(token, headers)).user.phone).toBeUndefined();
  });

  it('sends a new code only once the last one has run out (300 s), and the new one replaces it', async () => {
    const { name, headers } = freshWorld();
    const token = srv.token('buyer-new', name);
    const uid = personaById('buyer-new').uid;
    const ask = () => srv.call('POST', '/user/valid-phone', { token, headers, body: { phone: PHONE, isRequestSMS: true } });
    expect((await ask()).status).toBe(200);
    const first = store(name).state.phoneVerifications[uid]!.code;
    // Before the countdown ends: refused, the code unchanged.
    srv.mock.worlds.fromRequest(name).clock.advance(299_000);
    const early = await ask();
    expect(early.status).toBe(400);
    expect(errorDetails(early.body)[0]?.path).toBe('/body/isRequestSMS');
    expect(store(name).state.phoneVerifications[uid]!.code).toBe(first);
    // At 0 a new code is sent; codes are random: ask (a countdown apart) until one differs from the first.
    let latest = first;
    for (let i = 0; i < 5 && latest === first; i++) {
      srv.mock.worlds.fromRequest(name).clock.advance(300_000);
      expect((await ask()).status).toBe(200);
      latest = store(name).state.phoneVerifications[uid]!.code;
    }
    expect(latest).not.toBe(first);
    const old = await srv.call('POST', '/user/valid-phone', { token, headers, body: { phone: PHONE, code: first, isRequestSMS: false } });
    expect(errorCode(old.body)).toBe('validate-sms-failed');
    const res = await srv.call('POST', '/user/valid-phone', { token, headers, body: { phone: PHONE, code: latest, isRequestSMS: false } });
    expect(res.status).toBe(200);
  });

  it('refuses a number that is not a mobile number', async () => {
    const { name, headers } = freshWorld();
    const token = srv.token('buyer-new', name);
    for (const phone of ['+82101234567', '+820000000000', '+8223456789']) {
      const res = await srv.call('POST', '/user/valid-phone', { token, headers, body: { phone, isRequestSMS: true } });
      expect(res.status, phone).toBe(400);
      // The contract's pattern refuses some (a digit short); the sdk's mobile rule the others.
      expect(errorDetails(res.body)[0]?.path, phone).toBe('/body/phone');
    }
  });

  it('stores a Chinese number without a code (no SMS step)', async () => {
    const { name, headers } = freshWorld();
    const token = srv.token('buyer-new', name);
    const phone = '+8613812345678';
    const res = await srv.call('POST', '/user/valid-phone', { token, headers, body: { phone, isRequestSMS: false } });
    expect(res.status).toBe(200);
    expect((await me(token, headers)).user.phone).toBe(phone);
  });

  it('refuses a Korean number of the wrong length (schema)', async () => {
    const res = await srv.call('POST', '/user/valid-phone', {
      token: srv.token('buyer'),
      body: { phone: '+82101234567', isRequestSMS: true },
    });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
  });

  it('is 401 for a guest', async () => {
    expect((await srv.call('POST', '/user/valid-phone', { body: { phone: PHONE, isRequestSMS: true } })).status).toBe(401);
  });
});

describe('uploadUserProfile', () => {
  const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4]);
  const WEBP = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 20, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20, 1, 2, 3, 4]);

  function form(bytes: Uint8Array<ArrayBuffer>, type: string, field = 'data', filename = 'photo'): FormData {
    const data = new FormData();
    data.append(field, new Blob([bytes], { type }), filename);
    return data;
  }

  it('stores the photo, makes it the profile image and serves it back', async () => {
    const { name, headers } = freshWorld();
    const token = srv.token('buyer-new', name);
    const uid = personaById('buyer-new').uid;
    const res = await srv.call('POST', '/upload/v2/user-profile', { token, headers, rawBody: form(PNG, 'image/png', 'data', 'me.png') });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatch(new RegExp(`^/uploads/profiles/${uid}\\.png\\?v=\\d+$`));
    expect((await me(token, headers)).user.profileImage).toBe(res.body.data);

    const image = await fetch(new URL(res.body.data, srv.baseUrl), { headers });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);

    const webp = await srv.call('POST', '/upload/v2/user-profile', { token, headers, rawBody: form(WEBP, 'image/webp') });
    expect(webp.status).toBe(200);
    expect(webp.body.data).toMatch(new RegExp(`^/uploads/profiles/${uid}\\.webp\\?v=\\d+$`));
    expect((await me(token, headers)).user.profileImage).toBe(webp.body.data);
  });

  it('refuses a file that is not a JPEG, PNG or WebP image, judged by its bytes', async () => {
    const { name, headers } = freshWorld();
    const token = srv.token('buyer', name);
    const before = (await me(token, headers)).user.profileImage;
    const text = new TextEncoder().encode('this is not a picture');
    for (const rawBody of [
      form(text, 'image/png'),
      form(PNG, 'text/plain'),
      form(Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]), 'image/gif'),
    ]) {
      const res = await srv.call('POST', '/upload/v2/user-profile', { token, headers, rawBody });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('bad-request');
    }
    expect((await me(token, headers)).user.profileImage).toBe(before);
  });

  it('refuses a request without the data file', async () => {
    const token = srv.token('buyer');
    const other = await srv.call('POST', '/upload/v2/user-profile', { token, rawBody: form(PNG, 'image/png', 'photo') });
    expect(other.status).toBe(400);
    const textField = new FormData();
    textField.append('data', 'not a file');
    const res = await srv.call('POST', '/upload/v2/user-profile', { token, rawBody: textField });
    expect(res.status).toBe(400);
    expect(errorCode(res.body)).toBe('bad-request');
  });

  it('is 413 for an image over 5 MB', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const res = await srv.call('POST', '/upload/v2/user-profile', { token: srv.token('buyer'), rawBody: form(big, 'image/png') });
    expect(res.status).toBe(413);
    expect(errorCode(res.body)).toBe('payload-too-large');
  });

  it('is 401 for a guest', async () => {
    const res = await srv.call('POST', '/upload/v2/user-profile', { rawBody: form(PNG, 'image/png') });
    expect(res.status).toBe(401);
  });
});
