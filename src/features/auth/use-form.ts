/**
 * The little state every auth form needs: the values (kept as typed, so nothing is lost when a call fails),
 * one error per field (a Lingui descriptor from the client checks, or the server's own text), the inputs to
 * focus, and whether a call is under way.
 */
import type { MessageDescriptor } from '@lingui/core';
import { useCallback, useRef, useState } from 'react';
import type { FormAnswer, FormIntent } from '#shared/portal-env';
import { usePortalEnv } from '~/lib/portal-env';

export type FieldError = MessageDescriptor | string;

export function useForm<F extends string>(
  initial: Record<F, string>,
  order: readonly F[],
  /** The server's answer to this form posted without the script: what it kept and what it said. */
  answer?: FormAnswer,
) {
  const [values, setValues] = useState(() => (answer ? keptValues(initial, answer) : initial));
  const [errors, setErrors] = useState<Partial<Record<F, FieldError>>>(
    () => (answer?.errors ?? {}) as Partial<Record<F, FieldError>>,
  );
  const [busy, setBusy] = useState(false);
  /** A message for the whole form (e.g. how long to wait after too many tries). */
  const [notice, setNotice] = useState<string | null>(answer?.notice ?? null);
  const inputs = useRef(new Map<F, HTMLElement>());

  const setValue = useCallback((field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  const focus = useCallback((field: F) => inputs.current.get(field)?.focus(), []);

  /** Shows these errors (replacing the others) and focuses the first field, in form order, that has one. */
  const showErrors = useCallback(
    (next: Partial<Record<F, FieldError>>) => {
      setErrors(next);
      const first = order.find((field) => next[field]);
      if (first) focus(first);
      return first === undefined;
    },
    [order, focus],
  );

  const setError = useCallback(
    (field: F, error: FieldError | null, options: { focus?: boolean } = {}) => {
      setErrors((current) => {
        const next = { ...current };
        if (error) next[field] = error;
        else delete next[field];
        return next;
      });
      if (error && options.focus) focus(field);
    },
    [focus],
  );

  const inputRef = useCallback(
    (field: F) => (element: HTMLElement | null) => {
      if (element) inputs.current.set(field, element);
      else inputs.current.delete(field);
    },
    [],
  );

  return { values, setValue, errors, showErrors, setError, busy, setBusy, notice, setNotice, inputRef, focus };
}

/** Collects the checks that failed: `{ phone: descriptor }` for the fields whose check returned a message. */
export function collectErrors<F extends string>(
  checks: Record<F, MessageDescriptor | null>,
): Partial<Record<F, MessageDescriptor>> {
  const result: Partial<Record<F, MessageDescriptor>> = {};
  for (const [field, error] of Object.entries(checks) as [F, MessageDescriptor | null][]) {
    if (error) result[field] = error;
  }
  return result;
}

/** The server's answer to the form `intent` of this page (posted without the script), if it answered one. */
export function useFormAnswer(intent: FormIntent): FormAnswer | undefined {
  const { formAnswer } = usePortalEnv();
  return formAnswer?.intent === intent ? formAnswer : undefined;
}

/** The country the answered form was sent with, else `fallback`. */
export function answeredCountry(answer: FormAnswer | undefined, fallback: number): number {
  const value = Number(answer?.values.countryCode);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

function keptValues<F extends string>(initial: Record<F, string>, answer: FormAnswer): Record<F, string> {
  const values = { ...initial };
  for (const field of Object.keys(initial) as F[]) {
    const kept = answer.values[field];
    if (typeof kept === 'string') values[field] = kept;
  }
  return values;
}
