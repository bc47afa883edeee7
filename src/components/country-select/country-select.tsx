/**
 * The country / dial-code picker in front of a phone field (docs/product.md#data country options). A styled native
 * <select>: the keyboard, screen readers and phones handle it as they handle every select. The closed select
 * shows only the dial code (the phone field beside it has no room for names); the open list shows names.
 */
import { useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { useAdoptDomValue } from '~/lib/adopt-dom-value';
import { COUNTRIES, countryByValue } from './countries';
import * as styles from './country-select.css';

export interface CountrySelectProps {
  value: number;
  onChange: (value: number) => void;
  id?: string;
  /** The field's name when its form is posted. */
  name?: string;
  disabled?: boolean;
  className?: string;
}

export function CountrySelect({ value, onChange, id, name, disabled, className }: CountrySelectProps) {
  const { i18n, t } = useLingui();
  const selected = countryByValue(value) ?? COUNTRIES[0];
  const select = useRef<HTMLSelectElement | null>(null);
  useAdoptDomValue(select, String(selected.value), (next) => onChange(Number(next)));
  return (
    <span className={[styles.wrapper, className].filter(Boolean).join(' ')}>
      <span className={styles.face} aria-hidden="true">
        +{selected.dialCode}
      </span>
      <select
        ref={select}
        id={id}
        name={name}
        className={styles.select}
        value={selected.value}
        disabled={disabled}
        aria-label={t`国家/地区`}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {COUNTRIES.map((country) => (
          <option key={country.value} value={country.value}>
            {i18n._(country.name)} +{country.dialCode}
          </option>
        ))}
      </select>
      <svg className={styles.caret} viewBox="0 0 10 10" aria-hidden="true" focusable="false">
        <path d="M2 3.5 5 6.5 8 3.5" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
      </svg>
    </span>
  );
}
