import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '~/test/providers';
import { COUNTRY_VALUES } from '../../../shared/contract/accounts';
import { COUNTRIES, DEFAULT_COUNTRY, normalizeCountry } from './countries';
import { CountrySelect } from './country-select';

function Harness({ onValue }: { onValue?: (value: number) => void }) {
  const [value, setValue] = useState(DEFAULT_COUNTRY);
  return (
    <CountrySelect
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

describe('country select', () => {
  it('offers exactly the countries the API accepts, each with a name', () => {
    expect(COUNTRIES.map((country) => country.value)).toEqual(COUNTRY_VALUES);
    for (const country of COUNTRIES) expect(country.name.id, String(country.value)).toBeTruthy();
  });

  it('lists the 18 countries of docs/product.md#data with their values and dial codes, without 11', () => {
    expect(COUNTRIES.map((c) => [c.value, c.dialCode])).toEqual([
      [1, '86'],
      [2, '886'],
      [3, '60'],
      [4, '62'],
      [5, '66'],
      [6, '63'],
      [7, '65'],
      [8, '84'],
      [9, '1'],
      [10, '52'],
      [12, '33'],
      [13, '49'],
      [14, '55'],
      [15, '81'],
      [16, '82'],
      [17, '34'],
      [18, '39'],
      [19, '44'],
    ]);
  });

  it('defaults to China +86 and names the countries in Chinese', async () => {
    await renderWithProviders(<Harness />);
    const select = screen.getByRole('combobox', { name: '国家/地区' });
    expect(select).toHaveValue('1');
    expect(screen.getByRole('option', { name: '中国 +86', selected: true })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(18);
    expect(screen.getByRole('option', { name: '英国 +44' })).toBeInTheDocument();
    expect(screen.getByText('+86')).toBeInTheDocument();
  });

  it('names the countries in English on English pages', async () => {
    await renderWithProviders(<Harness />, { locale: 'en' });
    expect(screen.getByRole('combobox', { name: 'Country/region' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'China +86' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'United States +1' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'United Kingdom +44' })).toBeInTheDocument();
  });

  it('is a focusable native select that reports the numeric value chosen', async () => {
    const seen: number[] = [];
    await renderWithProviders(<Harness onValue={(value) => seen.push(value)} />);
    const user = userEvent.setup();
    const select = screen.getByRole('combobox', { name: '国家/地区' });
    await user.selectOptions(select, '日本 +81');
    expect(seen).toEqual([15]);
    expect(screen.getByText('+81')).toBeInTheDocument();
    // A native select: focusable with Tab, the browser supplies the arrow keys and type-ahead.
    await user.tab();
    expect(select).not.toHaveFocus();
    await user.tab({ shift: true });
    expect(select).toHaveFocus();
  });

  it('falls back to China for values that are not a country', () => {
    expect(normalizeCountry(11)).toBe(1);
    expect(normalizeCountry('19')).toBe(19);
    expect(normalizeCountry(undefined)).toBe(1);
  });
});
