// The stand-ins of a recording's personal data (src/recording/standins.ts): keyed by the recording's own secret,
// one per person however their number is written, realistic; and the key's file in the recording folder.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operations } from '@creator-market/openapi';
import { afterAll, describe, expect, it } from 'vitest';
import { Recording } from '../src/recording/recording';
import { KEY_FILE, phoneDigits, recordingKey, romanise, StandIns } from '../src/recording/standins';

const keyA = Buffer.alloc(32, 1);
const keyB = Buffer.alloc(32, 2);
const folders: string[] = [];
const folder = () => {
  const path = mkdtempSync(join(tmpdir(), 'cm-standins-'));
  folders.push(path);
  return path;
};
afterAll(() => {
  for (const path of folders) rmSync(path, { recursive: true, force: true });
});

describe('stand-ins', () => {
  it('are keyed by the recording’s secret: the same with its key, others with another, never the original', () => {
    const a = new StandIns(keyA);
    const again = new StandIns(keyA);
    const b = new StandIns(keyB);
    for (const [make, original] of [
      [(s: StandIns) => s.phone('+821012345678'), '+821012345678'],
      [(s: StandIns) => s.name('김하늘'), '김하늘'],
      [(s: StandIns) => s.digits('account', '110123456789'), '110123456789'],
      [(s: StandIns) => s.handle('haneul_daily'), 'haneul_daily'],
      [(s: StandIns) => s.token('fcm:dGVzdC1kZXZpY2UtdG9rZW4tMDAx'), 'fcm:dGVzdC1kZXZpY2UtdG9rZW4tMDAx'],
    ] as const) {
      expect(make(a)).toBe(make(again));
      expect(make(a)).not.toBe(make(b));
      expect(make(a)).not.toBe(original);
    }
  });

  it('give one person one number however it is written, each in its own form', () => {
    const s = new StandIns(keyA);
    const e164 = s.phone('+821012345678');
    expect(e164).toMatch(/^\+8210[1-8]\d{7}$/);
    expect(s.phone('010-1234-5678')).toBe(
      `${phoneDigits(e164).slice(0, 3)}-${phoneDigits(e164).slice(3, 7)}-${phoneDigits(e164).slice(7)}`,
    );
    expect(s.phone('01012345678')).toBe(phoneDigits(e164));
    expect(s.phone('+82 10 1234 5678')).toBe(e164);
    // a cash-receipt number is the phone's digits
    expect(s.scrub({ isPersonal: true, no: '01012345678' }).no).toBe(phoneDigits(e164));
    expect(s.replaced).toBe(1);
  });

  it('look like what people write: Korean names, handles and e-mail addresses at domains kept for examples', () => {
    expect(romanise('김하늘')).toBe('gimhaneul');
    expect(romanise('서율')).toBe('seoyul');
    const s = new StandIns(keyA);
    for (let i = 0; i < 40; i++) {
      expect(s.name(`사람${i}`)).toMatch(/^[가-힣]{2,5}$/);
      expect(s.handle(`handle_${i}`)).toMatch(/^([a-z]+[._][a-z]+|[a-z]+\d{2})$/);
      expect(s.email(`person${i}@mail.example.kr`)).toMatch(/^[a-z]+\.[a-z]+\d{2}@example\.(com|net|org)$/);
    }
  });

  it('replace a bank account’s holder, a delivery message, the provider’s photo, and an SNS id and link alike', () => {
    const s = new StandIns(keyA);
    const seller = s.scrub({
      bank: { no: '7863901878245', name: '여정은', type: '071', uploadDT: '2024-03-28T20:53:50.000Z' },
      business: { name: '말랑공방', ceo: '여정은', tel: '02-523-3289' },
      info: { name: '말랑공방', phone: '+821064151171' },
    });
    expect(seller.bank.name).not.toBe('여정은');
    expect(seller.bank.name).toBe(seller.business.ceo);
    expect(seller.bank.no).toMatch(/^\d{13}$/);
    expect(seller.bank.no).not.toBe('7863901878245');
    // a shop's public name is kept
    expect([seller.business.name, seller.info.name]).toEqual(['말랑공방', '말랑공방']);
    const address = s.scrub({ name: '김하늘', tel: '010-1234-5678', msg: '현관 비밀번호 1234#', addr: '서울특별시 마포구 와우산로 94' });
    expect(address.msg).not.toBe('현관 비밀번호 1234#');
    expect(address.msg).toMatch(/^[가-힣 ]+$/);
    expect(s.scrub({ uid: 'x', photoURL: 'https://k.kakaocdn.net/dn/me.jpg' }).photoURL).toBeNull();
    const sns = s.scrub([
      { type: 1, id: 'mallang_studio' },
      { type: 1, url: 'https://www.instagram.com/mallang_studio' },
    ]);
    expect(sns[1]!.url).toBe(`https://www.instagram.com/${sns[0]!.id}`);
  });
});

describe('the key of a recording folder', () => {
  it('is made at the first call, readable by its owner only and named in the folder’s .gitignore, then read back', () => {
    const dir = folder();
    writeFileSync(join(dir, '.gitignore'), 'node_modules');
    const key = recordingKey(dir);
    expect(key).toHaveLength(32);
    expect(statSync(join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe(`node_modules\n${KEY_FILE}\n`);
    expect(recordingKey(dir).equals(key)).toBe(true);
    expect(readFileSync(join(dir, '.gitignore'), 'utf8')).toBe(`node_modules\n${KEY_FILE}\n`);
    writeFileSync(join(dir, KEY_FILE), 'not a key\n');
    expect(() => recordingKey(dir)).toThrow(/must hold the recording's key, 64 hex digits/);
  });

  it('is made when the recording first replaces a value, not when a recording is read back', () => {
    const dir = folder();
    const op = operations.find((o) => o.operationId === 'getMe')!;
    const me = {
      data: {
        user: { uid: '65f0c0de0000000000000001', level: 0, name: '김하늘', phone: '+821012345678', bgColor: '#07D1AE' },
        seller: null,
        auth: {
          uid: '65f0c0de0000000000000001',
          email: 'buyer@creator-market.test',
          emailVerified: true,
          displayName: '김하늘',
          photoURL: null,
          phoneNumber: '+821012345678',
          isAnonymous: false,
          providerData: [],
          metadata: { createdAt: '2024-03-12T20:53:50.000Z' },
        },
      },
    };
    const answer = {
      op,
      method: 'GET',
      path: '/user/me',
      query: {},
      authorization: undefined,
      requestBody: undefined,
      status: 200,
      body: me,
    };
    new Recording(dir).observe(answer);
    const first = readFileSync(join(dir, 'accounts.json'), 'utf8');
    expect(existsSync(join(dir, KEY_FILE))).toBe(true);
    // A second run into the folder gives the person the same stand-ins.
    new Recording(dir).observe(answer);
    expect(readFileSync(join(dir, 'accounts.json'), 'utf8')).toBe(first);
    const other = folder();
    writeFileSync(join(other, 'accounts.json'), first);
    expect(Recording.read(other).accounts).toHaveLength(1);
    expect(existsSync(join(other, KEY_FILE))).toBe(false);
  });
});

describe('violations.jsonl', () => {
  it('keeps where and what of each violation, and of the body what the contract declares, the rest as its type', () => {
    const dir = folder();
    const recording = new Recording(dir);
    const op = operations.find((o) => o.operationId === 'getMe')!;
    const answer = (status: number, body: unknown) => ({
      op,
      method: 'GET',
      path: '/user/me',
      query: {},
      authorization: undefined,
      requestBody: undefined,
      status,
      body,
    });
    // a user who has not given a phone yet: their name is theirs all the same
    recording.violation(
      answer(200, { data: { user: { uid: 'u1', level: 0, name: '김하늘', realName: '김하늘', birth: 19900101, tags: ['vip'] } } }),
      [
        { where: '/data/user/realName', message: "body.data.user has unexpected property 'realName'", value: '김하늘' },
        { where: '/data/user/birth', message: 'body.data.user.birth must be string (got number 19900101)', value: 19900101 },
      ],
    );
    // a status the operation does not declare: an error still has the one error shape
    recording.violation(answer(503, { data: 'internal', message: '잠시 후 다시 시도해 주세요', trace: 'db01:users/u1' }), [
      { where: 'status', message: 'getMe does not declare status 503', value: 503 },
    ]);
    const [declared, undeclared] = readFileSync(join(dir, 'violations.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { violations: string[]; body: unknown });
    expect(declared!.violations).toEqual([
      "/data/user/realName: body.data.user has unexpected property 'realName'",
      '/data/user/birth: body.data.user.birth must be string',
    ]);
    const user = (declared!.body as { data: { user: Record<string, unknown> } }).data.user;
    expect(user.uid).toBe('u1');
    expect(user.name).toMatch(/^[가-힣]{2,5}$/);
    expect(user.name).not.toBe('김하늘');
    expect([user.realName, user.birth, user.tags]).toEqual(['(string)', '(number)', ['(string)']]);
    expect(undeclared!.body).toEqual({ data: 'internal', message: '잠시 후 다시 시도해 주세요', trace: '(string)' });
  });
});
