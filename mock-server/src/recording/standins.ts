// Personal data of recorded answers replaced by realistic Korean stand-ins, consistently: a stand-in is a
// function of a hash of (what kind of value, the original), so the same person (name, phone, address,
// account) gets the same stand-in in every record, answer and run. Faker's Korean locale makes the names
// and streets; the digits come from the hash. Public business data (a shop's name, its products) is kept.
import { createHash } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import { faker as koreanFaker } from '@faker-js/faker/locale/ko';

const FakerClass = koreanFaker.constructor as new (options: { locale: Faker['rawDefinitions'] }) => Faker;

/** The keys of an object whose value is a person's or contact's name when the object also holds a phone. */
const PHONE_KEYS = ['tel', 'phone', 'phoneNumber'];
/** Objects whose `name` is a business's public name, not a person's: kept. */
const PUBLIC_NAME_PARENTS = new Set(['info', 'business']);

export class StandIns {
  private readonly faker = new FakerClass({ locale: koreanFaker.rawDefinitions });
  private readonly cache = new Map<string, string>();
  /** How many values were replaced (each original counted once). */
  replaced = 0;

  /** A stand-in of `kind` for `original`: the same for the same pair, always. */
  private standIn(kind: string, original: string, make: (seed: number, digits: (n: number) => string) => string): string {
    const key = `${kind}\u0000${original}`;
    const known = this.cache.get(key);
    if (known !== undefined) return known;
    const hash = createHash('sha256').update(key).digest();
    const seed = hash.readUInt32BE(0);
    let stream = hash.toString('hex');
    const digits = (n: number) => {
      let out = '';
      while (out.length < n) {
        if (stream.length < 2)
          stream = createHash('sha256')
            .update(stream + key)
            .digest('hex');
        out += String(parseInt(stream.slice(0, 2), 16) % 10);
        stream = stream.slice(2);
      }
      return out;
    };
    const value = make(seed, digits);
    this.cache.set(key, value);
    this.replaced += 1;
    return value;
  }

  /** A Korean full name without spaces ('김하늘'), as the contract's name pattern accepts. */
  name(original: string): string {
    return this.standIn('name', original, (seed) => {
      this.faker.seed(seed);
      return (this.faker.person.lastName() + this.faker.person.firstName()).replace(/[^가-힣]/g, '') || '김하늘';
    });
  }

  /** A mobile number in the original's form: +8210######## (E.164), 010-####-#### or digits of its length. */
  phone(original: string): string {
    return this.standIn('phone', original, (_, digits) => {
      const local = `10${1 + (Number(digits(1)) % 8)}${digits(7)}`;
      if (original.startsWith('+')) return `+82${local}`;
      if (/^\d{3}-\d{3,4}-\d{4}$/.test(original)) return `0${local.slice(0, 2)}-${local.slice(2, 6)}-${local.slice(6)}`;
      if (/^\d+$/.test(original)) return `0${local}`.slice(0, original.length).padEnd(original.length, '0');
      return `0${local.slice(0, 2)}-${local.slice(2, 6)}-${local.slice(6)}`;
    });
  }

  /** A road address in Korea. */
  address(original: string): string {
    return this.standIn('addr', original, (seed, digits) => {
      this.faker.seed(seed);
      return `${this.faker.location.state()} ${this.faker.location.city()} ${this.faker.location.street()} ${Number(digits(3)) % 300 || 1}`;
    });
  }

  addressDetail(original: string): string {
    return this.standIn('addr2', original, (_, digits) => `${1 + (Number(digits(2)) % 20)}층 ${100 + (Number(digits(3)) % 900)}호`);
  }

  /** Digits of the original's length (an account number, a postal code, a cash-receipt number). */
  digits(kind: string, original: string): string {
    return this.standIn(kind, original, (_, digits) =>
      original.length > 1 ? String(1 + (Number(digits(1)) % 9)) + digits(original.length - 1) : digits(1),
    );
  }

  /** A 10-digit business registration number with a valid check digit. */
  businessNumber(original: string): string {
    return this.standIn('regNo', original, (_, digits) => {
      const head = `${1 + (Number(digits(1)) % 8)}${digits(8)}`.split('').map(Number);
      const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
      let sum = 0;
      for (let i = 0; i < 9; i++) sum += head[i]! * weights[i]!;
      sum += Math.floor((head[8]! * 5) / 10);
      return head.join('') + ((10 - (sum % 10)) % 10);
    });
  }

  /** A romanised handle ('moong_deco12') for SNS ids and e-mail addresses. */
  handle(original: string): string {
    return this.standIn('handle', original, (seed, digits) => {
      this.faker.seed(seed);
      const word = this.faker.internet
        .username()
        .toLowerCase()
        .replace(/[^a-z0-9_]/g, '');
      return `${word || 'user'}_${digits(3)}`.slice(0, 30);
    });
  }

  email(original: string): string {
    return this.standIn('email', original, () => `${this.handle(original)}@example.com`);
  }

  /** An opaque token of the original's length (device tokens, provider ids). */
  token(original: string): string {
    return this.standIn('token', original, (_, digits) => {
      const hex = createHash('sha256').update(`token:${original}`).digest('hex');
      return (hex + digits(original.length)).slice(0, Math.max(8, original.length));
    });
  }

  /**
   * A copy of `value` with every personal value replaced: names of people (an object with a phone, a bank
   * account's holder, displayName, ceo), phone numbers, addresses, postal codes, account and cash-receipt
   * numbers, e-mail addresses, SNS ids and links, device tokens and identity-provider ids.
   */
  scrub<T>(value: T): T {
    return this.walk(value, '', null) as T;
  }

  private walk(value: unknown, key: string, parentKey: string | null): unknown {
    if (Array.isArray(value)) return value.map((item) => this.walk(item, key, parentKey));
    if (typeof value !== 'object' || value === null) return value;
    const object = value as Record<string, unknown>;
    const personal = PHONE_KEYS.some((k) => typeof object[k] === 'string') && !PUBLIC_NAME_PARENTS.has(key);
    const bankLike = typeof object.no === 'string' && typeof object.type === 'string';
    const snsLike = typeof object.type === 'number' && (typeof object.id === 'string' || typeof object.url === 'string');
    const out: Record<string, unknown> = {};
    for (const [field, child] of Object.entries(object)) {
      out[field] =
        typeof child === 'string' && child !== ''
          ? this.field(field, child, { personal, bankLike, snsLike, key })
          : this.walk(child, field, key);
    }
    if (typeof object.isPersonal === 'boolean' && typeof object.no === 'string' && object.no !== '') {
      out.no = object.isPersonal ? this.phone(object.no).replace(/\D/g, '').slice(0, object.no.length) : this.businessNumber(object.no);
    }
    return out;
  }

  private field(field: string, value: string, at: { personal: boolean; bankLike: boolean; snsLike: boolean; key: string }): string {
    switch (field) {
      case 'tel':
      case 'phone':
      case 'phoneNumber':
        return this.phone(value);
      case 'name':
        return at.personal || (at.bankLike && at.key !== 'bank') ? this.name(value) : value;
      case 'displayName':
      case 'ceo':
        return this.name(value);
      case 'addr':
        return this.address(value);
      case 'addr2':
        return this.addressDetail(value);
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
        return at.snsLike ? snsUrl(value, this.handle(value)) : value;
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

/** The SNS link with its account part replaced (host kept: the app shows which SNS it is). */
function snsUrl(url: string, handle: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}/${handle}`;
  } catch {
    return url;
  }
}
