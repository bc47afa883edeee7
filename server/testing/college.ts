/**
 * Test helpers: writes small content folders (the same format as content/college) into a temporary folder,
 * so tests know exactly which articles exist.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import type { CollegeSection } from '../../shared/college-sections';
import type { CollegeChanges } from '../college/changes';
import { seedCollege } from '../college/seed';
import type { Database } from '../db/database';

export interface FixtureArticle {
  id: number;
  section: CollegeSection;
  slug: string;
  lang: 'zh' | 'en';
  title: string;
  summary?: string;
  date?: string;
  tags?: string[];
  body?: string;
}

export function articleSource(article: FixtureArticle): string {
  const tags = article.tags ?? [article.lang === 'zh' ? '测试' : 'Test'];
  return [
    '---',
    `id: ${article.id}`,
    `section: ${article.section}`,
    `title: ${JSON.stringify(article.title)}`,
    `summary: ${JSON.stringify(article.summary ?? `${article.title} summary`)}`,
    `date: ${article.date ?? '2026-01-01'}`,
    `tags: [${tags.map((tag) => JSON.stringify(tag)).join(', ')}]`,
    '---',
    '',
    article.body ?? `## ${article.title}\n\nBody of ${article.slug}.`,
    '',
  ].join('\n');
}

export function writeArticle(dir: string, article: FixtureArticle): string {
  const folder = join(dir, article.section);
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${article.slug}.${article.lang}.md`);
  writeFileSync(path, articleSource(article));
  return path;
}

/** A fresh temporary content folder holding `articles`; `dispose` removes it. */
export function fixtureContent(articles: FixtureArticle[]): { dir: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'college-content-'));
  for (const article of articles) writeArticle(dir, article);
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Both languages of one article. */
export function bilingual(
  id: number,
  section: CollegeSection,
  slug: string,
  zh: Partial<FixtureArticle> & { title: string },
  en: Partial<FixtureArticle> & { title: string },
): FixtureArticle[] {
  return [
    { id, section, slug, lang: 'zh', ...zh },
    { id, section, slug, lang: 'en', ...en },
  ];
}

/**
 * For a suite: writes `articles` into a content folder once and seeds them before each test (the tables are
 * emptied between tests), removing the folder after the suite.
 */
export function seedFixtureBeforeEach(getDb: () => Database, articles: FixtureArticle[]): void {
  let content: ReturnType<typeof fixtureContent>;
  beforeAll(() => {
    content = fixtureContent(articles);
  });
  afterAll(() => content.dispose());
  beforeEach(async () => {
    await seedCollege(getDb(), content.dir, { log: () => {} });
  });
}

/**
 * The college's change notices of a test that only needs to see them made: `announce` is a mock (how many times,
 * when) and no one is told (subscribe does nothing).
 */
export function recordedCollegeChanges(announce = vi.fn(async () => {})) {
  return { announce, subscribe: () => () => {} } satisfies CollegeChanges;
}
