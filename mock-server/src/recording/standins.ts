// Personal data of recorded answers replaced by realistic Korean stand-ins, consistently: a stand-in is a
// function of an HMAC, under the recording's own secret key, of (what kind of value, the original in a normal
// form), so the same person gets the same stand-in in every record, answer and run into one folder, and nobody
// without the key can find an original by trying them all (an unkeyed hash of a mobile number is undone by
// hashing the 10^8 numbers there are). Phone numbers are reduced to their digits first ('+821012345678',
// '010-1234-5678' and '01012345678' are one person) and the stand-in is written in the original's form.
// Faker's Korean locale makes the names and streets; digits, handles and choices come from the HMAC. Public
// business data (a shop's name, its products) is kept.
import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Faker } from '@faker-js/faker';
import { faker as koreanFaker } from '@faker-js/faker/locale/ko';

const FakerClass = koreanFaker.constructor as new (options: { locale: Faker['rawDefinitions'] }) => Faker;

/** The keys of an object whose value is a person's or contact's name when the object also holds a phone. */
const PHONE_KEYS = ['tel', 'phone', 'phoneNumber'];
/** Objects whose `name` is a business's public name, not a person's: kept. */
const PUBLIC_NAME_PARENTS = new Set(['info', 'business']);
/** The file of a recording folder that holds its key (never shared: the folder's .gitignore names it). */
export const KEY_FILE = '.standin-key';

/**
 * The stand-in key of a recording folder: read from DIR/.standin-key, or made at the folder's first
 * recording (32 random bytes, the file readable by its owner only, and a .gitignore beside it naming it, so
 * the recording can be committed without it). Without a folder (a HAR imported and not kept), a key of this
 * run only.
 */
export function recordingKey(dir: string | null): Buffer {
  if (!dir) return randomBytes(32);
  const file = join(dir, KEY_FILE);
  if (existsSync(file)) {
    const text = readFileSync(file, 'utf8').trim();
    if (!/^[0-9a-f]{64}$/.test(text)) throw new Error(`${file} must hold the recording's key, 64 hex digits`);
    return Buffer.from(text, 'hex');
  }
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  const ignore = join(dir, '.gitignore');
  const ignored = existsSync(ignore) ? readFileSync(ignore, 'utf8') : '';
  if (!ignored.split('\n').includes(KEY_FILE))
    writeFileSync(ignore, `${ignored}${ignored && !ignored.endsWith('\n') ? '\n' : ''}${KEY_FILE}\n`);
  return key;
}

/** A phone number's digits in its national form: '+82 10-1234-5678' and '010-1234-5678' are '01012345678'. */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return value.trim().startsWith('+82') ? `0${digits.slice(2)}` : digits;
}

/** Revised Romanization of Hangul syllables, letter by letter ('서율' -> 'seoyul'), for handles. */
const INITIALS = ['g', 'kk', 'n', 'd', 'tt', 'r', 'm', 'b', 'pp', 's', 'ss', '', 'j', 'jj', 'ch', 'k', 't', 'p', 'h'];
const MEDIALS = [
  'a',
  'ae',
  'ya',
  'yae',
  'eo',
  'e',
  'yeo',
  'ye',
  'o',
  'wa',
  'wae',
  'oe',
  'yo',
  'u',
  'wo',
  'we',
  'wi',
  'yu',
  'eu',
  'ui',
  'i',
];
const FINALS = [
  '',
  'k',
  'k',
  'k',
  'n',
  'n',
  'n',
  't',
  'l',
  'k',
  'm',
  'l',
  'l',
  'l',
  'p',
  'l',
  'm',
  'p',
  'p',
  't',
  't',
  'ng',
  't',
  't',
  'k',
  't',
  'p',
  't',
];

export function romanise(hangul: string): string {
  let out = '';
  for (const char of hangul) {
    const code = char.charCodeAt(0) - 0xac00;
    if (code >= 0 && code < 11172) out += INITIALS[Math.floor(code / 588)]! + MEDIALS[Math.floor((code % 588) / 28)]! + FINALS[code % 28]!;
  }
  return out;
}

/** What handles are made of besides a romanised given name ('haneul_daily', 'minji.log'). */
const HANDLE_WORDS = ['daily', 'log', 'zip', 'room', 'diary', 'home', 'mood', 'pick', 'note', 'day'];
/** Domains reserved for examples (RFC 2606): a stand-in address is nobody's. */
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];
/** Delivery messages as buyers write them; the original may hold a door code. */
const DELIVERY_MESSAGES = [
  '부재 시 문 앞에 놓아주세요',
  '경비실에 맡겨주세요',
  '배송 전에 연락 부탁드려요',
  '택배함에 넣어주세요',
  '문 앞에 두고 벨 눌러주세요',
];

/** A stand-in's source of choices: the HMAC of its (kind, original), as digits, numbers and picks. */
interface Draw {
  /** A 32-bit seed (for faker). */
  seed: number;
  digits: (n: number) => string;
  hex: (n: number) => string;
  pick: <T>(list: readonly T[]) => T;
}

export class StandIns {
  private readonly faker = new FakerClass({ locale: koreanFaker.rawDefinitions });
  private readonly cache = new Map<string, string>();
  /** How many values were replaced (each original counted once). */
  replaced = 0;

  /** `key`: the recording's secret (recordingKey). */
  constructor(private readonly key: Buffer) {}

  /** A stand-in of `kind` for `original` (in its normal form): the same for the same pair and key, never the original. */
  private standIn(kind: string, original: string, make: (draw: Draw) => string): string {
    const id = `${kind}\u0000${original}`;
    const known = this.cache.get(id);
    if (known !== undefined) return known;
    let value = original;
    for (let attempt = 0; value === original && attempt < 8; attempt++) value = make(this.draw(`${id}\u0000${attempt}`));
    this.cache.set(id, value);
    this.replaced += 1;
    return value;
  }

  private draw(id: string): Draw {
    let block = 0;
    let bytes = Buffer.alloc(0);
    const next = () => {
      if (bytes.length === 0) bytes = createHmac('sha256', this.key).update(`${id}\u0000${block++}`).digest();
      const byte = bytes[0]!;
      bytes = bytes.subarray(1);
      return byte;
    };
    const seed = (next() << 24) | (next() << 16) | (next() << 8) | next();
    return {
      seed: seed >>> 0,
      digits: (n) => Array.from({ length: n }, () => String(next() % 10)).join(''),
      hex: (n) => Array.from({ length: n }, () => (next() % 16).toString(16)).join(''),
      pick: (list) => list[next() % list.length]!,
    };
  }

  /** A Korean full name without spaces ('김하늘'), as the contract's name pattern accepts. */
  name(original: string): string {
    return this.standIn('name', original, ({ seed }) => {
      this.faker.seed(seed);
      return (this.faker.person.lastName() + this.faker.person.firstName()).replace(/[^가-힣]/g, '') || '김하늘';
    });
  }

  /**
   * A mobile number for the person of `original`, whichever way it is written, in the original's form:
   * +8210######## (E.164), 010-####-#### or digits of its length.
   */
  phone(original: string): string {
    const national = this.standIn('phone', phoneDigits(original), ({ digits }) => `010${1 + (Number(digits(1)) % 8)}${digits(7)}`);
    if (original.trim().startsWith('+')) return `+82${national.slice(1)}`;
    if (/^\d+$/.test(original)) return national.slice(0, original.length).padEnd(original.length, '0');
    return `${national.slice(0, 3)}-${national.slice(3, 7)}-${national.slice(7)}`;
  }

  /** A road address in Korea. */
  address(original: string): string {
    return this.standIn('addr', original, ({ seed, digits }) => {
      this.faker.seed(seed);
      return `${this.faker.location.state()} ${this.faker.location.city()} ${this.faker.location.street()} ${Number(digits(3)) % 300 || 1}`;
    });
  }

  addressDetail(original: string): string {
    return this.standIn('addr2', original, ({ digits }) => `${1 + (Number(digits(2)) % 20)}층 ${100 + (Number(digits(3)) % 900)}호`);
  }

  deliveryMessage(original: string): string {
    return this.standIn('msg', original, ({ pick }) => pick(DELIVERY_MESSAGES));
  }

  /** Digits of the original's length (an account number, a postal code, a provider's id). */
  digits(kind: string, original: string): string {
    return this.standIn(kind, original, ({ digits }) =>
      original.length > 1 ? String(1 + (Number(digits(1)) % 9)) + digits(original.length - 1) : digits(1),
    );
  }

  /** A 10-digit business registration number with a valid check digit. */
  businessNumber(original: string): string {
    return this.standIn('regNo', original, ({ digits }) => {
      const head = `${1 + (Number(digits(1)) % 8)}${digits(8)}`.split('').map(Number);
      const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
      let sum = 0;
      for (let i = 0; i < 9; i++) sum += head[i]! * weights[i]!;
      sum += Math.floor((head[8]! * 5) / 10);
      return head.join('') + ((10 - (sum % 10)) % 10);
    });
  }

  /** A handle as people pick them ('seoyul_daily', 'doyeon.log', 'minji27'), for SNS ids and links. */
  handle(original: string): string {
    return this.standIn('handle', original, ({ seed, digits, pick }) => {
      this.faker.seed(seed);
      const given = romanise(this.faker.person.firstName()) || 'haneul';
      const word = pick(HANDLE_WORDS);
      return pick([`${given}_${word}`, `${given}.${word}`, `${given}${digits(2)}`, `${word}_${given}`]).slice(0, 30);
    });
  }

  /** An e-mail address at a domain reserved for examples ('seoyul.an92@example.com'). */
  email(original: string): string {
    return this.standIn('email', original.toLowerCase(), ({ seed, digits, pick }) => {
      this.faker.seed(seed);
      const given = romanise(this.faker.person.firstName()) || 'haneul';
      const family = romanise(this.faker.person.lastName()) || 'kim';
      return `${given}.${family}${digits(2)}@${pick(EMAIL_DOMAINS)}`;
    });
  }

  /** An opaque token of the original's length, its scheme kept ('fcm:...', 'apns:...'). */
  token(original: string): string {
    const scheme = /^[a-z]+:/.exec(original)?.[0] ?? '';
    return this.standIn('token', original, ({ hex }) => scheme + hex(Math.max(8, original.length - scheme.length)));
  }

  /**
   * The SNS link with its account replaced by the handle its id gets ('https://www.instagram.com/mallang_studio'
   * and the id 'mallang_studio' are one account); the host is kept: the app shows which SNS it is.
   */
  private snsUrl(url: string): string {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return this.handle(url);
    }
    const account = parsed.pathname.split('/').filter(Boolean).pop();
    return `${parsed.origin}/${this.handle(account ?? url)}`;
  }

  /**
   * A copy of `value` with every personal value replaced: names of people (a user, an object with a phone, a
   * bank account's holder, displayName, ceo), phone numbers, addresses, postal codes, delivery messages, account and
   * cash-receipt numbers, e-mail addresses, SNS ids and links, photos of the sign-in provider, device tokens
   * and identity-provider ids.
   */
  scrub<T>(value: T): T {
    return this.walk(value, '') as T;
  }

  private walk(value: unknown, key: string): unknown {
    if (Array.isArray(value)) return value.map((item) => this.walk(item, key));
    if (typeof value !== 'object' || value === null) return value;
    const object = value as Record<string, unknown>;
    // A person: an object with a phone (an address, a delivery), or a user (whose phone may not be given yet).
    const user = typeof object.uid === 'string' && typeof object.level === 'number';
    const personal = user || (PHONE_KEYS.some((k) => typeof object[k] === 'string') && !PUBLIC_NAME_PARENTS.has(key));
    const bankLike = typeof object.no === 'string' && typeof object.type === 'string';
    const snsLike = typeof object.type === 'number' && (typeof object.id === 'string' || typeof object.url === 'string');
    const out: Record<string, unknown> = {};
    for (const [field, child] of Object.entries(object)) {
      out[field] =
        typeof child === 'string' && child !== ''
          ? this.field(field, child, { personal, bankLike, snsLike, key })
          : this.walk(child, field);
    }
    if (typeof object.isPersonal === 'boolean' && typeof object.no === 'string' && object.no !== '') {
      out.no = object.isPersonal ? this.phone(object.no).replace(/\D/g, '').slice(0, object.no.length) : this.businessNumber(object.no);
    }
    // The sign-in provider's photo of the person: no stand-in picture, none at all.
    if (typeof object.photoURL === 'string') out.photoURL = null;
    return out;
  }

  private field(field: string, value: string, at: { personal: boolean; bankLike: boolean; snsLike: boolean; key: string }): string {
    switch (field) {
      case 'tel':
      case 'phone':
      case 'phoneNumber':
        return this.phone(value);
      case 'name':
        return at.personal || at.bankLike ? this.name(value) : value;
      case 'displayName':
      case 'ceo':
        return this.name(value);
      case 'addr':
        return this.address(value);
      case 'addr2':
        return this.addressDetail(value);
      case 'msg':
        return at.personal ? this.deliveryMessage(value) : value;
      case 'zip':
        return /^\d{5}$/.test(value) ? this.digits('zip', value) : value;
      case 'no':
        return at.bankLike && /^\d+$/.test(value) ? this.digits('account', value) : value;
      case 'regNo':
        return /^\d{10}$/.test(value) ? this.businessNumber(value) : value;
      case 'email':
        return this.email(value);
      case 'id':
        return at.snsLike ? this.handle(value) : value;
      case 'url':
        return at.snsLike ? this.snsUrl(value) : value;
      case 'uid':
        return at.key === 'providerData' ? this.digits('provider', value) : value;
      case 'deviceToken':
      case 'token':
        return this.token(value);
      default:
        return value;
    }
  }
}
