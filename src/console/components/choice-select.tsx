/** A `<select>` of a fixed list (sections, languages, states), each named in the page's language; `any` adds "all". */
import type { SelectHTMLAttributes } from 'react';
import * as ui from '../styles/ui.css';

export function ChoiceSelect<T extends string>({
  choices,
  nameOf,
  value,
  onChoose,
  any,
  ...rest
}: {
  choices: readonly T[];
  nameOf: (choice: T) => string;
  value: string;
  onChoose: (choice: T) => void;
  /** The first option, for no choice (a filter's "all"). */
  any?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'className'>) {
  return (
    <select {...rest} className={ui.input} value={value} onChange={(event) => onChoose(event.target.value as T)}>
      {any !== undefined && <option value="">{any}</option>}
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {nameOf(choice)}
        </option>
      ))}
    </select>
  );
}
