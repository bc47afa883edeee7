// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readSettings } from './settings';

describe('settings', () => {
  it('has the defaults the README lists', () => {
    expect(readSettings({})).toEqual({
      port: 3030,
      brand2Port: 3031,
      host: '0.0.0.0',
      brand2HostMarker: 'creatorbox',
      edition: 'main',
      workbenchUrl: '/workbench/function_introduction',
      production: true,
      htmlCacheSeconds: 300,
      databaseUrl: undefined,
      dataDir: 'data/pglite',
      trustProxy: false,
    });
  });

  it('refuses values it cannot use, naming the setting', () => {
    expect(() => readSettings({ EDITION: 'asia' })).toThrow(/EDITION/);
    expect(() => readSettings({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
