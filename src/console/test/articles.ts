/** Sample answers of the console's college calls (shared/contract/console-articles.ts) for the pages' tests. */
export function sampleArticle(extra: Record<string, unknown> = {}) {
  return {
    id: 1000001,
    section: 'operate',
    slug: 'sample-checklist',
    tags: ['寄样'],
    cover: null,
    state: 'draft',
    publishAt: null,
    publishedAt: null,
    origin: 'console',
    editedInConsole: true,
    unpublishedChanges: false,
    zh: { title: '寄样清单', summary: '寄样前核对五件事', body: '## 寄样\n\n先核对地址。' },
    en: null,
    views: 12,
    likes: 3,
    updatedAt: '2026-11-28T16:00:00.000Z',
    links: { zh: null, en: null },
    ...extra,
  };
}

export function sampleArticleRow(id: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    section: 'operate',
    slug: `article-${id}`,
    state: 'draft',
    titles: { zh: `文章 ${id}`, en: null },
    publishAt: null,
    publishedAt: null,
    updatedAt: '2026-11-28T16:00:00.000Z',
    views: 0,
    ...extra,
  };
}

export const SAMPLE_MEDIA = {
  url: '/media/0123456789abcdef0123456789abcdef.webp',
  original: '/media/0123456789abcdef0123456789abcdef.png',
  width: 640,
  height: 360,
  type: 'image/png',
  bytes: 2048,
};
