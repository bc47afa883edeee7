import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsConfig } from '#shared/portal-env';
import { conversionUrls, pageViewPath, reportRegistration, startAnalytics, trackingRefused } from './analytics';

const config: AnalyticsConfig = {
  script: 'https://analytics.example/hm.js?abc123',
  conversions: [
    { param: 'bd_vid', url: 'https://baidu-ads.example/conv?bd_vid={clickId}&type=register' },
    { param: 'qhclickid', url: 'https://qihoo-ads.example/c/{clickId}' },
  ],
};

function setPrivacy({ dnt, gpc }: { dnt?: string; gpc?: boolean }) {
  Object.defineProperty(navigator, 'doNotTrack', { value: dnt ?? null, configurable: true });
  Object.defineProperty(navigator, 'globalPrivacyControl', { value: gpc, configurable: true });
}

beforeEach(() => {
  setPrivacy({});
  delete window._hmt;
  for (const script of document.head.querySelectorAll('script')) script.remove();
});
afterEach(() => vi.restoreAllMocks());

describe('trackingRefused', () => {
  it('is true with Do Not Track or Global Privacy Control, false otherwise', () => {
    expect(trackingRefused({ doNotTrack: null }, {})).toBe(false);
    expect(trackingRefused({ doNotTrack: '0' }, {})).toBe(false);
    expect(trackingRefused({ doNotTrack: '1' }, {})).toBe(true);
    expect(trackingRefused({}, { doNotTrack: '1' })).toBe(true);
    expect(trackingRefused({ globalPrivacyControl: true }, {})).toBe(true);
  });
});

describe('conversionUrls', () => {
  it('fills the configured click ids that registeInfo holds, encoded', () => {
    expect(conversionUrls(config, { bd_vid: 'a b&c', utm_term: 'x' })).toEqual([
      'https://baidu-ads.example/conv?bd_vid=a%20b%26c&type=register',
    ]);
    expect(conversionUrls(config, { bd_vid: '1', qhclickid: '2' })).toHaveLength(2);
    expect(conversionUrls(config, { utm_term: 'x' })).toEqual([]);
    expect(conversionUrls(config, undefined)).toEqual([]);
    expect(conversionUrls(undefined, { bd_vid: '1' })).toEqual([]);
  });
});

describe('reportRegistration', () => {
  it('sends a beacon per click id and queues a register event', () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    reportRegistration(config, { qhclickid: 'Q-1' });
    expect(beacon).toHaveBeenCalledWith('https://qihoo-ads.example/c/Q-1');
    expect(window._hmt).toEqual([['_trackEvent', 'account', 'register', 'ad']]);
  });

  it('reports nothing when the visitor sends Global Privacy Control', () => {
    const beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    setPrivacy({ gpc: true });
    reportRegistration(config, { bd_vid: 'B-1' });
    expect(beacon).not.toHaveBeenCalled();
    expect(window._hmt).toBeUndefined();
  });
});

describe('startAnalytics', () => {
  function fakeRouter() {
    const listeners: ((event: {
      toLocation: { pathname: string; searchStr: string };
      hrefChanged: boolean;
    }) => void)[] = [];
    return {
      router: { subscribe: (_: string, listener: (typeof listeners)[number]) => listeners.push(listener) },
      navigate: (pathname: string, searchStr = '', hrefChanged = true) =>
        listeners.forEach((listener) => {
          listener({ toLocation: { pathname, searchStr }, hrefChanged });
        }),
    };
  }

  it('adds the script when idle, counts the first page and every route change once', async () => {
    vi.useFakeTimers();
    const { router, navigate } = fakeRouter();
    startAnalytics(config, router as never);
    expect(document.head.querySelector('script')).toBeNull();
    expect(window._hmt).toBeUndefined();
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    expect(document.head.querySelector('script')?.getAttribute('src')).toBe(config.script);
    navigate('/en/login', '?tab=scan');
    navigate('/en/login', '?tab=scan', false);
    expect(window._hmt).toEqual([
      ['_setAutoPageview', false],
      ['_trackPageview', pageViewPath(window.location)],
      ['_trackPageview', '/en/login?tab=scan'],
    ]);
  });

  it('loads nothing with Do Not Track, or without a script', async () => {
    vi.useFakeTimers();
    setPrivacy({ dnt: '1' });
    startAnalytics(config, fakeRouter().router as never);
    setPrivacy({});
    startAnalytics({ script: null, conversions: config.conversions }, fakeRouter().router as never);
    await vi.runAllTimersAsync();
    vi.useRealTimers();
    expect(document.head.querySelector('script')).toBeNull();
    expect(window._hmt).toBeUndefined();
  });
});
