/**
 * The phone-number field (with its country) and the verification-code field with its "get code" button, as the login (SMS mode), register and reset forms all
 * show it: the button checks the phone first (an empty or invalid one is reported on the phone field), then runs
 * the captcha and sends the code for `purpose`; a sent code moves the focus to this field.
 */
import { useLingui } from '@lingui/react/macro';
import type { SmsPurpose } from '~/lib/api/accounts';
import { PhoneField, TextField } from './fields';
import { SmsButton } from './sms-button';
import type { FieldError } from './use-form';
import { checkPhone, normalizePhone, validationMessages } from './validation';

/** What the field needs of a form made with `useForm` that has `phone` and `code` fields. */
export interface PhoneCodeForm {
  values: Record<'phone' | 'code', string>;
  errors: Partial<Record<'phone' | 'code', FieldError>>;
  setValue(field: 'phone' | 'code', value: string): void;
  setError(field: 'phone', error: FieldError | null, options?: { focus?: boolean }): void;
  focus(field: 'code'): void;
  inputRef(field: 'code'): (element: HTMLElement | null) => void;
}

export function SmsCodeField({
  form,
  countryCode,
  purpose,
  hidden,
}: {
  form: PhoneCodeForm;
  countryCode: number;
  purpose: SmsPurpose;
  /** As TextField's: the login form's other way. */
  hidden?: boolean;
}) {
  const { t } = useLingui();
  const { values, errors } = form;
  return (
    <TextField
      name="code"
      label={t`验证码`}
      placeholder={t`请输入验证码`}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={values.code}
      onValue={(value) => form.setValue('code', value)}
      error={errors.code}
      inputRef={form.inputRef('code')}
      hidden={hidden}
      // The code is sent after the captcha, which needs the script: without it the field says so before a press
      // (after one, the server's answer says it, server/pages/form-posts.ts).
      noScript={errors.code ? undefined : t`获取验证码需要先完成安全验证，请开启浏览器的 JavaScript 后再试。`}
      after={
        <SmsButton
          purpose={purpose}
          getTarget={() => {
            const problem = checkPhone(values.phone, countryCode, validationMessages.phoneEmpty);
            if (problem) {
              form.setError('phone', problem, { focus: true });
              return null;
            }
            return { phone: normalizePhone(values.phone), countryCode };
          }}
          onSent={() => form.focus('code')}
          onPhoneError={(message) => form.setError('phone', message, { focus: true })}
        />
      }
    />
  );
}

/** The phone number with its country select; choosing another country clears the phone's error. */
export function FormPhoneField({
  form,
  countryCode,
  onCountry,
}: {
  form: Pick<PhoneCodeForm, 'values' | 'errors' | 'setValue' | 'setError'> & {
    inputRef(field: 'phone'): (element: HTMLElement | null) => void;
  };
  countryCode: number;
  onCountry: (countryCode: number) => void;
}) {
  return (
    <PhoneField
      name="phone"
      value={form.values.phone}
      onValue={(value) => form.setValue('phone', value)}
      countryCode={countryCode}
      onCountry={(value) => {
        onCountry(value);
        form.setError('phone', null);
      }}
      error={form.errors.phone}
      inputRef={form.inputRef('phone')}
    />
  );
}
