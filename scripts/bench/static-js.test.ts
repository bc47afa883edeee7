import { staticClosure } from './static-js';

describe('staticClosure', () => {
  it('follows static imports once and leaves dynamic imports and CSS out', () => {
    const manifest = {
      'src/entry-client.tsx': {
        file: 'assets/entry.js',
        isEntry: true,
        imports: ['_shared.js'],
        dynamicImports: ['src/features/auth/login-page.tsx'],
      },
      '_shared.js': { file: 'assets/shared.js', imports: ['src/entry-client.tsx', '_style.css'] },
      '_style.css': { file: 'assets/style.css' },
      'src/features/home/home-page.tsx': {
        file: 'assets/home.js',
        isDynamicEntry: true,
        imports: ['src/entry-client.tsx', '_shared.js'],
      },
      'src/features/auth/login-page.tsx': { file: 'assets/login.js', isDynamicEntry: true },
    };
    expect(staticClosure(manifest, ['src/entry-client.tsx', 'src/features/home/home-page.tsx'])).toEqual([
      'assets/entry.js',
      'assets/shared.js',
      'assets/home.js',
    ]);
  });
});
