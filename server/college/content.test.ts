// @vitest-environment node
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { COLLEGE_SECTIONS } from '../../shared/college-sections';
import { bilingual, fixtureContent, writeArticle } from '../testing/college';
import { loadCollegeContent, splitFrontMatter, tidyBrandSpacing } from './content';
import { renderMarkdown } from './markdown';

const CONTENT_DIR = join(import.meta.dirname, '../../content/college');

describe('the repository content (content/college)', () => {
  const { articles, problems } = loadCollegeContent(CONTENT_DIR);

  it('has no errors and no warnings', () => {
    expect(problems).toEqual([]);
  });

  it('has at least 8 articles in each section, in Chinese and in English', () => {
    for (const section of COLLEGE_SECTIONS) {
      for (const lang of ['zh', 'en'] as const) {
        const count = articles.filter((a) => a.section === section && a.lang === lang).length;
        expect(count, `${section} in ${lang}`).toBeGreaterThanOrEqual(8);
      }
    }
  });

  it('pairs every Chinese article with an English one under the same id', () => {
    const zh = articles.filter((a) => a.lang === 'zh').map((a) => `${a.id}/${a.slug}`);
    const en = articles.filter((a) => a.lang === 'en').map((a) => `${a.id}/${a.slug}`);
    expect(new Set(zh)).toEqual(new Set(en));
  });

  it('keeps the summaries short enough for a meta description and writes no raw HTML', () => {
    for (const article of articles) {
      expect(article.summary.length, article.file).toBeLessThanOrEqual(article.lang === 'zh' ? 80 : 160);
      expect(article.markdown, article.file).not.toMatch(/<\/?[a-z][^>]*>/i);
    }
  });
});

describe('renderMarkdown', () => {
  it('escapes raw HTML: a script tag or an image with onerror comes out as text', () => {
    const { html } = renderMarkdown(
      'Hello <script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<iframe src="https://evil.test"></iframe>\n',
    );
    expect(html).not.toMatch(/<script|<img|<iframe/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
  });

  it('keeps links to this site and web pages, and drops javascript:, data: and vbscript: links', () => {
    const { html } = renderMarkdown(
      '[ours](/business-college/operate) [web](https://example.com/a) [js](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox) [proto](//evil.test/x)\n',
    );
    expect(html).toContain('<a href="/business-college/operate">ours</a>');
    expect(html).toContain(
      '<a href="https://example.com/a" rel="nofollow noopener noreferrer" target="_blank">web</a>',
    );
    expect(html).not.toMatch(/href="(javascript|data|vbscript):/i);
    expect(html).not.toContain('href="//evil.test');
  });

  it('shows no images and turns a # heading into h2 (the page title is the only h1)', () => {
    const result = renderMarkdown('# Title\n\n![x](https://example.com/x.png)\n\n## Part\n');
    expect(result.html).not.toContain('<img');
    expect(result.html).not.toContain('<h1');
    expect(result.html).toContain('<h2>Title</h2>');
    expect(result.hadH1).toBe(true);
  });

  it('renders tables, lists, code and emphasis, and extracts the readable text', () => {
    const result = renderMarkdown(
      '## Steps\n\n1. **Open** the `plug-in`\n2. Log in\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
    );
    expect(result.html).toContain('<ol>');
    expect(result.html).toContain('<strong>Open</strong>');
    expect(result.html).toContain('<code>plug-in</code>');
    expect(result.html).toContain('<table>');
    expect(result.text).toBe('Steps\nOpen the plug-in\nLog in\na\nb\n1\n2');
  });
});

describe('tidyBrandSpacing', () => {
  it('drops the space between {brandName} and Chinese text, and keeps it before Latin text', () => {
    expect(tidyBrandSpacing('{brandName} 支持 Mac 吗？使用 {brandName} 的客户端，{brandName} v1.0.5')).toBe(
      '{brandName}支持 Mac 吗？使用{brandName}的客户端，{brandName} v1.0.5',
    );
  });
});

describe('splitFrontMatter', () => {
  it('accepts LF and CRLF files and a byte-order mark', () => {
    expect(splitFrontMatter('---\nid: 1\n---\nBody\n')).toEqual({ yaml: 'id: 1\n', body: 'Body\n' });
    expect(splitFrontMatter('\uFEFF---\r\nid: 1\r\n---\r\nBody\r\n')).toEqual({ yaml: 'id: 1\n', body: 'Body\n' });
    expect(splitFrontMatter('id: 1\nBody')).toBeNull();
    expect(splitFrontMatter('---\nid: 1\nBody')).toBeNull();
  });
});

describe('loadCollegeContent checks every file', () => {
  let dispose = () => {};
  afterEach(() => dispose());

  function load(setup: (dir: string) => void) {
    const fixture = fixtureContent(bilingual(1, 'operate', 'good', { title: '好文章' }, { title: 'A good one' }));
    dispose = fixture.dispose;
    setup(fixture.dir);
    return loadCollegeContent(fixture.dir);
  }

  it('loads a well-formed pair', () => {
    const { articles, problems } = load(() => {});
    expect(problems).toEqual([]);
    expect(articles.map((a) => [a.id, a.lang, a.section, a.slug, a.title, a.date, a.tags])).toEqual([
      [1, 'en', 'operate', 'good', 'A good one', '2026-01-01', ['Test']],
      [1, 'zh', 'operate', 'good', '好文章', '2026-01-01', ['测试']],
    ]);
  });

  it('leaves out a file whose front matter is wrong, and says why', () => {
    const { articles, problems } = load((dir) => {
      writeArticle(dir, { id: 2, section: 'operate', slug: 'bad-date', lang: 'zh', title: 'x', date: '2026-02-30' });
      writeArticle(dir, { id: 3, section: 'operate', slug: 'no-tags', lang: 'zh', title: 'x', tags: [] });
      writeFileSync(
        join(dir, 'operate/extra-field.zh.md'),
        '---\nid: 4\nsection: operate\ntitle: t\nsummary: s\ndate: 2026-01-01\ntags: [a]\nauthor: me\n---\nText\n',
      );
      writeFileSync(join(dir, 'operate/not-yaml.zh.md'), '---\nid: [5\n---\nText\n');
      writeFileSync(join(dir, 'operate/no-front-matter.zh.md'), 'Just text\n');
      writeFileSync(join(dir, 'operate/Bad_Name.zh.md'), '---\nid: 6\n---\n');
      writeArticle(dir, { id: 7, section: 'test', slug: 'wrong-folder', lang: 'zh', title: 'x' });
      writeFileSync(join(dir, 'test/wrong-folder.zh.md'), readSection(dir, 'test/wrong-folder.zh.md', 'operate'));
      writeArticle(dir, { id: 8, section: 'operate', slug: 'empty', lang: 'zh', title: 'x', body: '   ' });
    });
    expect(articles.map((a) => a.slug)).toEqual(['good', 'good']);
    const byFile = Object.fromEntries(problems.filter((p) => p.severity === 'error').map((p) => [p.file, p.message]));
    expect(Object.keys(byFile).sort()).toEqual([
      'operate/Bad_Name.zh.md',
      'operate/bad-date.zh.md',
      'operate/empty.zh.md',
      'operate/extra-field.zh.md',
      'operate/no-front-matter.zh.md',
      'operate/no-tags.zh.md',
      'operate/not-yaml.zh.md',
      'test/wrong-folder.zh.md',
    ]);
    expect(byFile['operate/bad-date.zh.md']).toMatch(/date/);
    expect(byFile['operate/extra-field.zh.md']).toMatch(/author/);
    expect(byFile['test/wrong-folder.zh.md']).toMatch(/does not match its folder/);
  });

  it('refuses an id used by two articles, and a pair whose languages disagree on the id (the first file wins)', () => {
    const { articles, problems } = load((dir) => {
      writeArticle(dir, { id: 1, section: 'operate', slug: 'zz-copycat', lang: 'zh', title: 'x' });
      writeArticle(dir, { id: 9, section: 'test', slug: 'split', lang: 'zh', title: 'x' });
      writeArticle(dir, { id: 10, section: 'test', slug: 'split', lang: 'en', title: 'x' });
    });
    expect(articles.map((a) => `${a.id}/${a.lang}/${a.slug}`).sort()).toEqual([
      '1/en/good',
      '1/zh/good',
      '10/en/split',
    ]);
    expect(problems.find((p) => p.file === 'operate/zz-copycat.zh.md')?.message).toMatch(/id 1 is already used/);
    expect(problems.find((p) => p.file === 'test/split.zh.md')?.message).toMatch(/id 9 differs from the id 10/);
  });

  it('warns about a missing translation and a # heading but keeps the article', () => {
    const { articles, problems } = load((dir) => {
      writeArticle(dir, { id: 11, section: 'test', slug: 'alone', lang: 'en', title: 'Alone', body: '# Big\n\nText' });
    });
    expect(articles.some((a) => a.slug === 'alone')).toBe(true);
    expect(problems.filter((p) => p.file === 'test/alone.en.md').map((p) => [p.severity, p.message])).toEqual([
      ['warning', 'a # heading (the page title is the only h1): shown as h2'],
      ['warning', 'no test/alone.zh.md translation'],
    ]);
  });

  it('reports a missing folder instead of loading nothing', () => {
    const result = loadCollegeContent('/no/such/folder');
    expect(result.articles).toEqual([]);
    expect(result.problems).toEqual([{ file: '/no/such/folder', severity: 'error', message: 'no such folder' }]);
  });
});

function readSection(dir: string, file: string, section: string): string {
  return readFileSync(join(dir, file), 'utf8').replace(/^section: .*$/m, `section: ${section}`);
}
