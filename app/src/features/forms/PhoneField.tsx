// A mobile number field: the country (the spec's favourite countries, Korea first) and the national number
// as people type it (placeholder 010-1234-5678). The sdk's validatePhone / phoneToE164 read the value.
import {
  PHONE_DEFAULT_COUNTRY,
  PHONE_FAVOURITE_COUNTRIES,
  PHONE_PLACEHOLDER,
  phoneFieldOf,
  type PhoneCountry,
} from '@creator-market/sdk/domain';
import type { ReactNode } from 'react';
import { Field } from './FormField';
import styles from './Form.module.css';

export interface PhoneValue {
  /** Lowercase country code ('kr'). */
  country: string;
  number: string;
}

/** Korean names and calling codes of the favourite countries, in the spec's order. */
export const PHONE_COUNTRY_LABELS: Readonly<Record<PhoneCountry, { name: string; dial: string }>> = {
  kr: { name: '한국', dial: '+82' },
  jp: { name: '일본', dial: '+81' },
  us: { name: '미국', dial: '+1' },
  cn: { name: '중국', dial: '+86' },
  hk: { name: '홍콩', dial: '+852' },
  th: { name: '태국', dial: '+66' },
  vn: { name: '베트남', dial: '+84' },
  tw: { name: '대만', dial: '+886' },
  sg: { name: '싱가포르', dial: '+65' },
  ca: { name: '캐나다', dial: '+1' },
};

/** The field's value for a stored E.164 phone (Korea and empty when there is none). */
export function phoneValueOf(phone: string | null | undefined): PhoneValue {
  const field = phoneFieldOf(phone);
  if (field && (PHONE_FAVOURITE_COUNTRIES as readonly string[]).includes(field.country)) return field;
  return { country: PHONE_DEFAULT_COUNTRY, number: '' };
}

export interface PhoneFieldProps {
  label: string;
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  error?: string | null | undefined;
  hint?: ReactNode;
  aside?: ReactNode;
  disabled?: boolean;
}

export function PhoneField({ label, value, onChange, error, hint, aside, disabled }: PhoneFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} aside={aside}>
      {({ id, describedBy, invalid }) => (
        <div className={styles.phoneRow}>
          {/* The closed picker shows only the calling code (the list shows the names); the real select lies on top. */}
          <span className={styles.country}>
            <span className={styles.countryCode} aria-hidden="true">
              {PHONE_COUNTRY_LABELS[value.country as PhoneCountry]?.dial ?? value.country}
            </span>
            <select
              className={styles.countrySelect}
              aria-label="국가 번호"
              value={value.country}
              disabled={disabled}
              onChange={(event) => onChange({ ...value, country: event.target.value })}
            >
              {PHONE_FAVOURITE_COUNTRIES.map((country) => (
                <option key={country} value={country}>
                  {PHONE_COUNTRY_LABELS[country].name} {PHONE_COUNTRY_LABELS[country].dial}
                </option>
              ))}
            </select>
          </span>
          <input
            id={id}
            className={styles.input}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={PHONE_PLACEHOLDER}
            value={value.number}
            maxLength={20}
            disabled={disabled}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange({ ...value, number: event.target.value })}
          />
        </div>
      )}
    </Field>
  );
}
