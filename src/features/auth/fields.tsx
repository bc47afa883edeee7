/**
 * The fields of the auth forms. Every field has a visible label; its error sits right under it, is tied to the
 * input with `aria-describedby` and marks it `aria-invalid`.
 */
import { useLingui } from '@lingui/react/macro';
import { type InputHTMLAttributes, type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { CountrySelect } from '~/components/country-select/country-select';
import { useAdoptDomValue } from '~/lib/adopt-dom-value';
import * as styles from './auth-form.css';
import type { FieldError } from './use-form';

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'prefix' | 'ref'> {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  error?: FieldError;
  hint?: ReactNode;
  inputRef?: (element: HTMLInputElement | null) => void;
  /** Shown inside the box before the input (the country select). */
  before?: ReactNode;
  /** Shown inside the box after the input (the SMS button, the show-password toggle). */
  after?: ReactNode;
  /** The whole field is hidden (a form's other way, src/features/auth/credential-fields.tsx). */
  hidden?: boolean;
  /** Shown under the field when the browser runs no script (what the field cannot do then). */
  noScript?: ReactNode;
}

export function TextField({
  label,
  value,
  onValue,
  error,
  hint,
  inputRef,
  before,
  after,
  hidden,
  noScript,
  id: givenId,
  ...input
}: TextFieldProps) {
  const { i18n } = useLingui();
  const autoId = useId();
  const id = givenId ?? autoId;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // The error takes the hint's place under the field.
  const describedBy = error ? errorId : hint ? hintId : undefined;
  const own = useRef<HTMLInputElement | null>(null);
  const ref = useCallback(
    (element: HTMLInputElement | null) => {
      own.current = element;
      inputRef?.(element);
    },
    [inputRef],
  );
  useAdoptDomValue(own, value, onValue);
  return (
    <div className={styles.field} hidden={hidden}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.box} data-invalid={error ? '' : undefined}>
        {before}
        <input
          {...input}
          ref={ref}
          id={id}
          className={styles.input}
          value={value}
          onChange={(event) => onValue(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {after}
      </div>
      {error ? (
        <p id={errorId} className={styles.error}>
          <svg className={styles.errorIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <circle cx="8" cy="8" r="7" fill="currentColor" />
            <path d="M8 4.5v4.2M8 11v.5" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
          {typeof error === 'string' ? error : i18n._(error)}
        </p>
      ) : hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {noScript ? (
        <noscript>
          <p className={styles.hint}>{noScript}</p>
        </noscript>
      ) : null}
    </div>
  );
}

export function PhoneField({
  countryCode,
  onCountry,
  ...props
}: Omit<TextFieldProps, 'label' | 'before'> & { countryCode: number; onCountry: (value: number) => void }) {
  const { t } = useLingui();
  return (
    <TextField
      {...props}
      label={t`手机号码`}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder={t`请输入手机号码`}
      maxLength={20}
      before={
        <CountrySelect
          name="countryCode"
          value={countryCode}
          onChange={onCountry}
          className={styles.country}
          disabled={props.disabled}
        />
      }
    />
  );
}

export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      maxLength={128}
      after={
        <button
          type="button"
          className={styles.reveal}
          aria-pressed={shown}
          aria-label={t`显示密码`}
          onClick={() => setShown((value) => !value)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
            {shown ? null : <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
          </svg>
        </button>
      }
    />
  );
}
