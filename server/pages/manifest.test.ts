// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildRouterManifest } from './manifest';

describe('router manifest from the Vite manifest', () => {
  const vite = {
    'src/entry-client.tsx': {
      file: 'assets/entry.js',
      css: ['assets/entry.css'],
      imports: ['_shared.js'],
      isEntry: true,
    },
    '_shared.js': { file: 'assets/shared.js' },
    'src/features/home/home-page.tsx': {
      file: 'assets/home.js',
      css: ['assets/home.css'],
      imports: ['_shared.js', '_card.js'],
    },
    '_card.js': { file: 'assets/card.js', css: ['assets/card.css'] },
  };

  it('puts the entry script, its preloads and CSS on the root, and each page’s own chunk and CSS on its route', () => {
    const manifest = buildRouterManifest(vite, {
      '/{-$locale}/': 'src/features/home/home-page.tsx',
      '/x': 'src/missing.tsx',
    });
    expect(manifest.routes.__root__).toEqual({
      preloads: ['/assets/entry.js', '/assets/shared.js'],
      css: ['/assets/entry.css'],
      scripts: [{ attrs: { type: 'module', src: '/assets/entry.js', async: true } }],
    });
    expect(manifest.routes['/{-$locale}/']).toEqual({
      preloads: ['/assets/home.js', '/assets/card.js'],
      css: ['/assets/home.css', '/assets/card.css'],
    });
    expect(manifest.routes['/x']).toBeUndefined();
  });

  it('refuses a manifest without the client entry', () => {
    expect(() => buildRouterManifest({}, {})).toThrow(/entry-client/);
  });
});
