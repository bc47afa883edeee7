/**
 * Hostile Markdown, as an editor's account in the wrong hands (or a pasted article) would write it: raw HTML
 * (script, img onerror, svg onload, iframe, style), `javascript:`, `data:` and `vbscript:` links and images in every
 * disguise (case, entities, reference definitions, autolinks, titles), images from other hosts, protocol-relative and
 * backslash URLs, look-alike /media/ addresses, alt text and titles that try to close their attribute, and inputs
 * built to make the parser slow. What comes out is parsed as a browser would (jsdom), and every element and
 * attribute is checked against what the renderer may produce: no script, no event attribute, no link that leaves
 * http(s)/mailto or reaches another site without rel=nofollow noopener noreferrer, no image but our stored pictures.
 */
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../college/markdown';

const ID = 'c0ffee00c0ffee00c0ffee00c0ffee00';
const OURS = `/media/${ID}.webp`;
const SIZES = new Map([[OURS, { width: 720, height: 360 }]]);
const PAGE = 'https://portal.test/business-college/operate/42';

/** Every element and attribute the renderer may produce (markdown-it's CommonMark with tables, our img and links). */
const ELEMENTS = new Set([
  'p',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'em',
  'strong',
  's',
  'a',
  'img',
  'hr',
  'br',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
]);

interface Finding {
  problem: string;
  html: string;
}

/** What is wrong with the renderer's HTML, read as a browser reads it. */
function problemsOf(html: string): string[] {
  const template = document.createElement('template');
  template.innerHTML = html;
  const problems: string[] = [];
  for (const element of template.content.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (!ELEMENTS.has(tag)) problems.push(`element <${tag}>`);
    for (const { name, value } of [...element.attributes]) {
      const allowed =
        (tag === 'a' && ['href', 'title', 'rel', 'target'].includes(name)) ||
        (tag === 'img' && ['src', 'alt', 'width', 'height', 'loading', 'decoding'].includes(name)) ||
        (tag === 'ol' && name === 'start' && /^\d+$/.test(value)) ||
        (tag === 'code' && name === 'class' && /^language-\S+$/.test(value)) ||
        ((tag === 'th' || tag === 'td') && name === 'style' && /^text-align:(left|right|center)$/.test(value));
      if (!allowed) problems.push(`<${tag} ${name}="${value}">`);
    }
    if (tag === 'a') {
      const href = element.getAttribute('href');
      if (href === null) continue;
      let url: URL;
      try {
        url = new URL(href, PAGE);
      } catch {
        problems.push(`unparsable href ${href}`);
        continue;
      }
      if (!['http:', 'https:', 'mailto:'].includes(url.protocol)) problems.push(`href ${href} (${url.protocol})`);
      const leaves = url.protocol !== 'mailto:' && url.origin !== new URL(PAGE).origin;
      if ((leaves || url.protocol === 'mailto:') && element.getAttribute('rel') !== 'nofollow noopener noreferrer')
        problems.push(`href ${href} to ${url.origin} without rel`);
    }
    if (tag === 'img') {
      const src = element.getAttribute('src') ?? '';
      if (src !== OURS || new URL(src, PAGE).href !== `https://portal.test${OURS}`) problems.push(`img src ${src}`);
      if (element.getAttribute('width') !== '720' || element.getAttribute('height') !== '360')
        problems.push('img size');
      if (element.getAttribute('loading') !== 'lazy' || element.getAttribute('decoding') !== 'async')
        problems.push('img not lazy');
      if (!element.hasAttribute('alt')) problems.push('img without alt');
    }
  }
  return problems;
}

const HOSTILE: Record<string, string> = {
  'raw script': 'Hi <script>alert(1)</script> there',
  'raw script block': '<script>\nalert(1)\n</script>',
  'img onerror': '<img src=x onerror="alert(1)">',
  'svg onload': '<svg onload=alert(1)><circle r="4"/></svg>',
  'iframe and style': '<iframe src="https://evil.test"></iframe>\n\n<style>body{display:none}</style>',
  'raw link': '<a href="javascript:alert(1)">x</a>',
  'html comment': '<!-- <script>alert(1)</script> -->',
  'event attribute syntax': '[x](/a){onclick=alert(1)} ![y](/media/x.webp){onerror=alert(1)}',
  'javascript link': '[x](javascript:alert(1))',
  'javascript link, mixed case': '[x](JaVaScRiPt:alert(1))',
  'javascript link, angle brackets with space': '[x](<javascript :alert(1)>)',
  'javascript link, decimal entity': '[x](&#106;avascript:alert(1))',
  'javascript link, hex entity': '[x](&#x6A;avascript:alert(1))',
  'javascript link, named colon entity': '[x](javascript&colon;alert(1))',
  'javascript link, tab entity inside': '[x](jav&#x09;ascript:alert(1))',
  'javascript link, NUL inside': '[x](java\u0000script:alert(1))',
  'javascript link, leading zero-width space': '[x](\u200Bjavascript:alert(1))',
  'javascript reference definition': '[x][evil]\n\n[evil]: javascript:alert(1)',
  'javascript autolink': '<javascript:alert(1)>',
  'data link': '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  'data link, entity': '[x](&#100;ata:text/html,<script>alert(1)</script>)',
  'vbscript link': '[x](vbscript:msgbox(1))',
  'file link': '[x](file:///etc/passwd)',
  'protocol-relative link': '[x](//evil.test/phish)',
  'backslash protocol-relative link': '[x](/\\evil.test/phish) [y](\\\\evil.test/phish) [z](/%5Cevil.test)',
  'https without slashes': '[x](https:evil.test)',
  'link title that closes its attribute': '[x](/ok "a\\" onmouseover=\\"alert(1)")',
  'external link': '[x](https://evil.test/) <https://evil.test/auto> [m](mailto:a@evil.test)',
  'javascript image': '![x](javascript:alert(1))',
  'data image': '![x](data:image/png;base64,iVBORw0KGgo=)',
  'image from another host': '![x](https://evil.test/track.png)',
  'image from another host with our path': `![x](https://evil.test${OURS})`,
  'protocol-relative image': `![x](//evil.test${OURS})`,
  'backslash image': `![x](/\\evil.test${OURS})`,
  'image with a query': `![x](${OURS}?a=1)`,
  'image with a fragment': `![x](${OURS}#f)`,
  'image with a dot segment': `![x](/media/../media/${ID}.webp)`,
  'image with upper-case id': `![x](/media/${ID.toUpperCase()}.webp)`,
  'image original address': `![x](/media/${ID}.png)`,
  'image not stored': `![x](/media/${'d'.repeat(32)}.webp)`,
  'image by reference from another host': '![x][pic]\n\n[pic]: https://evil.test/x.png',
  'image whose alt closes its attribute': `![" onerror="alert(1)" x="](${OURS})`,
  'image whose alt holds markup': `![<img src=x onerror=alert(1)>](${OURS})`,
  'image with a hostile title': `![ok](${OURS} "t\\" onerror=\\"alert(1)")`,
  'image in a javascript link': `[![ok](${OURS})](javascript:alert(1))`,
  'entity-encoded script text': '&#60;script&#62;alert(1)&#60;/script&#62; &lt;img src=x onerror=alert(1)&gt;',
  'code fence with a hostile info string': '```"><script>alert(1)</script>\ncode\n```',
  'table with markup in a cell': '| a | b |\n|:-|-:|\n| <script>alert(1)</script> | [x](javascript:alert(1)) |',
};

describe('hostile Markdown', () => {
  it.each(Object.entries(HOSTILE))('%s: only safe elements, attributes, links and our pictures', (_name, markdown) => {
    const { html } = renderMarkdown(markdown, SIZES);
    const found: Finding = { problem: problemsOf(html).join('; '), html };
    expect(found).toEqual({ problem: '', html });
    expect(html).not.toMatch(/<script|<iframe|<svg|<style|<object|<embed/i);
  });

  it('shows raw HTML as the text it was', () => {
    const { html } = renderMarkdown(HOSTILE['raw script'], SIZES);
    const template = document.createElement('template');
    template.innerHTML = html;
    expect(template.content.textContent).toBe('Hi <script>alert(1)</script> there\n');
  });

  it('draws our stored picture, with its escaped alt, and no other', () => {
    const { html } = renderMarkdown(
      `${HOSTILE['image whose alt closes its attribute']}\n\n${HOSTILE['image from another host']}`,
      SIZES,
    );
    const template = document.createElement('template');
    template.innerHTML = html;
    const images = template.content.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0].getAttribute('alt')).toBe('" onerror="alert(1)" x="');
    expect(images[0].getAttributeNames().sort()).toEqual(['alt', 'decoding', 'height', 'loading', 'src', 'width']);
    expect(html).not.toContain('evil.test');
  });

  it('links to other sites open apart, with no referrer and no ranking credit', () => {
    const { html } = renderMarkdown(HOSTILE['external link'], SIZES);
    const template = document.createElement('template');
    template.innerHTML = html;
    const links = [...template.content.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://evil.test/',
      'https://evil.test/auto',
      'mailto:a@evil.test',
    ]);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('nofollow noopener noreferrer');
      expect(link.getAttribute('target')).toBe('_blank');
    }
  });

  it('keeps its time on inputs built to be slow (deep nesting, unclosed brackets and emphasis)', () => {
    const inputs = [
      '['.repeat(50_000),
      '!['.repeat(30_000),
      `${'[a]('.repeat(20_000)}x`,
      '*a **a '.repeat(20_000),
      `${'> '.repeat(5_000)}deep`,
      `${'- '.repeat(2_000)}x`,
      `${'`'.repeat(10_000)}a`,
      '<'.repeat(50_000),
      `![${'a'.repeat(100_000)}](${OURS})`,
    ];
    for (const input of inputs) {
      const started = performance.now();
      const { html } = renderMarkdown(input, SIZES);
      const took = performance.now() - started;
      expect(took, input.slice(0, 20)).toBeLessThan(3000);
      expect(problemsOf(html), input.slice(0, 20)).toEqual([]);
    }
  });
});
