import { describe, expect, it } from 'vitest';
import {
  type BrandContents,
  brandContents,
  hasServiceContact,
  helpCenterHref,
  helpCenterLink,
  unsetBrandContents,
} from './brand-contents';
import { FILLED_CONTENTS } from './brand-contents.fixture';

const ALL_UNSET = [
  'helpCenter.main',
  'helpCenter.regional',
  'operationCenter',
  'friendlyLinks.marketData1',
  'friendlyLinks.marketData2',
  'friendlyLinks.antidetectBrowser',
  'friendlyLinks.accountOpening',
  'friendlyLinks.cloudComputer',
  'serviceQr',
  'communityQr',
  'phone',
  'email',
  'partners',
  'testimonials',
];

describe('unsetBrandContents', () => {
  it('names every entry of an empty table', () => {
    expect(unsetBrandContents(brandContents.starreach)).toEqual(ALL_UNSET);
  });

  it('names nothing once everything is set', () => {
    expect(unsetBrandContents(FILLED_CONTENTS)).toEqual([]);
  });

  it('names just the entries still unset', () => {
    const contents: BrandContents = {
      ...FILLED_CONTENTS,
      helpCenter: { main: 'https://help.test/', regional: null },
      friendlyLinks: { ...FILLED_CONTENTS.friendlyLinks, cloudComputer: null },
      phone: null,
      testimonials: [],
    };
    expect(unsetBrandContents(contents)).toEqual([
      'helpCenter.regional',
      'friendlyLinks.cloudComputer',
      'phone',
      'testimonials',
    ]);
  });

  it('ships no placeholder address in either brand', () => {
    for (const contents of Object.values(brandContents)) expect(JSON.stringify(contents)).not.toMatch(/\.example\b/);
  });
});

describe('the help centre', () => {
  it("is the brand's own for the edition once set", () => {
    expect(helpCenterLink(FILLED_CONTENTS, 'main')).toEqual({ external: true, href: 'https://help.test/docs' });
    expect(helpCenterHref(FILLED_CONTENTS, 'regional', 'en')).toBe('https://help-intl.test/docs');
  });

  it("falls back to the site's Q&A section in the page's language", () => {
    const unset = { helpCenter: { main: null, regional: null } };
    expect(helpCenterLink(unset, 'main')).toEqual({ external: false, path: '/business-college/electricity' });
    expect(helpCenterHref(unset, 'main', 'zh')).toBe('/business-college/electricity');
    expect(helpCenterHref(unset, 'regional', 'en')).toBe('/en/business-college/electricity');
  });

  it('falls back per edition: a brand may have only the main one', () => {
    const contents = { helpCenter: { main: 'https://help.test/', regional: null } };
    expect(helpCenterHref(contents, 'main', 'en')).toBe('https://help.test/');
    expect(helpCenterHref(contents, 'regional', 'en')).toBe('/en/business-college/electricity');
  });
});

describe('hasServiceContact', () => {
  it('is true with any of the QR code, the phone or the e-mail', () => {
    const none = { serviceQr: null, phone: null, email: null };
    expect(hasServiceContact(none)).toBe(false);
    expect(hasServiceContact({ ...none, phone: '020-1' })).toBe(true);
    expect(hasServiceContact({ ...none, email: 'a@b.test' })).toBe(true);
    expect(hasServiceContact({ ...none, serviceQr: '/qr.png' })).toBe(true);
  });
});
