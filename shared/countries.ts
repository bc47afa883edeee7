/**
 * The 18 supported countries (docs/product.md#data "Country options", #constants), written once: the value the API takes as
 * `countryCode`, the dial code, and the rules a national mobile number must follow. The contract's accepted
 * values, the server's phone checks and the page's country select are all derived from this table; the select's
 * names are a `Record<CountryValue, …>`, so a country added here does not compile until the page can name it.
 * Value 11 does not exist. China (1, +86) is the default.
 */

export interface CountryRules {
  /** The value the API takes as `countryCode`. */
  readonly value: number;
  /** Dial code without "+". */
  readonly dial: string;
  /** The English name, for logs and the operator's commands (the page's names come from the catalogs). */
  readonly name: string;
  /** Digits of the national significant number (after the trunk prefix is removed). */
  readonly minDigits: number;
  readonly maxDigits: number;
  /** Countries that write a leading 0 (trunk prefix) in front of the national number at home. */
  readonly trunkZero: boolean;
  /** A stricter rule where the mobile numbering is simple enough to state. */
  readonly pattern?: RegExp;
}

export const COUNTRY_TABLE = [
  { value: 1, dial: '86', name: 'China', minDigits: 11, maxDigits: 11, trunkZero: false, pattern: /^1[3-9]\d{9}$/ },
  { value: 2, dial: '886', name: 'Taiwan', minDigits: 8, maxDigits: 9, trunkZero: true },
  { value: 3, dial: '60', name: 'Malaysia', minDigits: 9, maxDigits: 10, trunkZero: true },
  { value: 4, dial: '62', name: 'Indonesia', minDigits: 9, maxDigits: 12, trunkZero: true },
  { value: 5, dial: '66', name: 'Thailand', minDigits: 8, maxDigits: 9, trunkZero: true },
  { value: 6, dial: '63', name: 'Philippines', minDigits: 8, maxDigits: 10, trunkZero: true },
  { value: 7, dial: '65', name: 'Singapore', minDigits: 8, maxDigits: 8, trunkZero: false, pattern: /^[3689]\d{7}$/ },
  { value: 8, dial: '84', name: 'Vietnam', minDigits: 9, maxDigits: 10, trunkZero: true },
  {
    value: 9,
    dial: '1',
    name: 'US',
    minDigits: 10,
    maxDigits: 10,
    trunkZero: false,
    pattern: /^[2-9]\d{2}[2-9]\d{6}$/,
  },
  { value: 10, dial: '52', name: 'Mexico', minDigits: 10, maxDigits: 10, trunkZero: false },
  { value: 12, dial: '33', name: 'France', minDigits: 9, maxDigits: 9, trunkZero: true },
  { value: 13, dial: '49', name: 'Germany', minDigits: 7, maxDigits: 13, trunkZero: true },
  { value: 14, dial: '55', name: 'Brazil', minDigits: 10, maxDigits: 11, trunkZero: true },
  { value: 15, dial: '81', name: 'Japan', minDigits: 9, maxDigits: 10, trunkZero: true },
  { value: 16, dial: '82', name: 'Korea', minDigits: 8, maxDigits: 10, trunkZero: true },
  { value: 17, dial: '34', name: 'Spain', minDigits: 9, maxDigits: 9, trunkZero: false },
  { value: 18, dial: '39', name: 'Italy', minDigits: 6, maxDigits: 11, trunkZero: false },
  { value: 19, dial: '44', name: 'England', minDigits: 9, maxDigits: 10, trunkZero: true },
] as const satisfies readonly CountryRules[];

/** A supported country's value: 1 | 2 | … | 19 (no 11). */
export type CountryValue = (typeof COUNTRY_TABLE)[number]['value'];

/** The values the API accepts, in the table's order. */
export const COUNTRY_VALUES = COUNTRY_TABLE.map((country) => country.value) as [CountryValue, ...CountryValue[]];

export const DEFAULT_COUNTRY: CountryValue = 1;
