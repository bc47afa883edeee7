/**
 * Reads `content/college/<section>/<slug>.<lang>.md` (YAML front matter, then Markdown) and checks every file: an
 * error leaves the file out, a warning keeps it; the seed logs them (a test requires none in the repository).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { COLLEGE_SECTIONS, type CollegeSection, isCollegeSection } from '../../shared/college-sections';
import { RENDERER_VERSION, renderMarkdown } from './markdown';

export type ContentLang = 'zh' | 'en';

export interface ContentArticle {
  id: number;
  lang: ContentLang;
  section: CollegeSection;
  slug: string;
  /** Path relative to the content folder, for messages. */
  file: string;
  title: string;
  summary: string;
  /** ISO date, `YYYY-MM-DD`. */
  date: string;
  tags: string[];
  markdown: string;
  html: string;
  /** The readable text of the body, for search. */
  text: string;
  /** Changes whenever anything stored for the article would change (content or renderer). */
  hash: string;
  /** The Markdown was not rendered (its hash was in `renderedAlready`): `html` and `text` are empty. */
  deferred?: boolean;
}

export interface LoadOptions {
  /** Hashes of articles stored and rendered already: not rendered again (their warnings were reported then). */
  renderedAlready?: ReadonlySet<string>;
}

export interface ContentProblem {
  file: string;
  severity: 'error' | 'warning';
  message: string;
}

export interface LoadedContent {
  articles: ContentArticle[];
  problems: ContentProblem[];
}

const FILE_NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.(zh|en)\.md$/;
const MAX_ID = 99_999_999;

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const frontMatterSchema = z.strictObject({
  id: z.number().int().positive().max(MAX_ID),
  section: z.enum(COLLEGE_SECTIONS),
  title: z.string().trim().min(1).max(120),
  summary: z.string().trim().min(1).max(240),
  date: z.string().refine(isIsoDate, 'must be a date written YYYY-MM-DD'),
  tags: z.array(z.string().trim().min(1).max(30)).min(1).max(4),
});

function describeZodError(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'front matter'}: ${issue.message}`).join('; ');
}

const CJK_NEIGHBOUR = '[\\p{Script=Han}，。、：；！？“”（）《》]';
const SPACE_BEFORE_TOKEN = new RegExp(`(?<=${CJK_NEIGHBOUR}) (?=\\{brandName\\})`, 'gu');
const SPACE_AFTER_TOKEN = new RegExp(`(?<=\\{brandName\\}) (?=${CJK_NEIGHBOUR})`, 'gu');

/** Drops a space between `{brandName}` and a Chinese character: the Chinese name would show a gap. */
export function tidyBrandSpacing(text: string): string {
  return text.replace(SPACE_BEFORE_TOKEN, '').replace(SPACE_AFTER_TOKEN, '');
}

/** Splits `---\nyaml\n---\nbody` (LF or CRLF) into the YAML text and the body. */
export function splitFrontMatter(source: string): { yaml: string; body: string } | null {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const parts = /^---\n([\s\S]*?\n)??---(?:\n([\s\S]*))?$/.exec(text);
  return parts ? { yaml: parts[1] ?? '', body: parts[2] ?? '' } : null;
}

function articleHash(article: Omit<ContentArticle, 'hash' | 'file' | 'html' | 'text'>): string {
  const { id, lang, section, slug, title, summary, date, tags, markdown } = article;
  return createHash('sha256')
    .update(JSON.stringify([RENDERER_VERSION, id, lang, section, slug, title, summary, date, tags, markdown]))
    .digest('hex');
}

/** Parses and checks one file; `problems` receives what is wrong with it. */
function parseArticleFile(
  file: string,
  folder: string,
  source: string,
  problems: ContentProblem[],
  options: LoadOptions = {},
): ContentArticle | null {
  const error = (message: string) => {
    problems.push({ file, severity: 'error', message });
    return null;
  };
  const name = /[^/]+$/.exec(file)?.[0] ?? file;
  const nameMatch = FILE_NAME.exec(name);
  if (!nameMatch) return error('the file name must be <slug>.<zh|en>.md, the slug lower-case letters, digits and -');
  const [, slug, lang] = nameMatch;
  if (!isCollegeSection(folder)) return error(`"${folder}" is not a section (${COLLEGE_SECTIONS.join(', ')})`);
  const parts = splitFrontMatter(source);
  if (!parts) return error('the file must start with front matter between two --- lines');
  let data: unknown;
  try {
    data = parseYaml(parts.yaml, { schema: 'core' });
  } catch (cause) {
    return error(`the front matter is not valid YAML: ${cause instanceof Error ? cause.message : cause}`);
  }
  const parsed = frontMatterSchema.safeParse(data);
  if (!parsed.success) return error(`front matter: ${describeZodError(parsed.error)}`);
  const meta = parsed.data;
  if (meta.section !== folder) return error(`section "${meta.section}" does not match its folder "${folder}"`);
  const tidy = lang === 'zh' ? tidyBrandSpacing : (text: string) => text;
  const markdown = tidy(`${parts.body.trim()}\n`);
  if (markdown.trim().length === 0) return error('the article has no text');
  const base = {
    id: meta.id,
    lang: lang as ContentLang,
    section: meta.section,
    slug,
    title: tidy(meta.title),
    summary: tidy(meta.summary),
    date: meta.date,
    tags: meta.tags,
    markdown,
  };
  const hash = articleHash(base);
  if (options.renderedAlready?.has(hash)) return { ...base, file, html: '', text: '', hash, deferred: true };
  const rendered = renderMarkdown(markdown);
  if (rendered.hadH1)
    problems.push({ file, severity: 'warning', message: 'a # heading (the page title is the only h1): shown as h2' });
  return { ...base, file, html: rendered.html, text: rendered.text, hash };
}

/** Loads every article under `dir`: the zh and en files of a slug share one id; a missing translation warns. */
export function loadCollegeContent(dir: string, options: LoadOptions = {}): LoadedContent {
  const problems: ContentProblem[] = [];
  const articles: ContentArticle[] = [];
  if (!existsSync(dir)) return { articles, problems: [{ file: dir, severity: 'error', message: 'no such folder' }] };

  for (const folder of readdirSync(dir).sort()) {
    const folderPath = join(dir, folder);
    if (!statSync(folderPath).isDirectory()) continue;
    for (const name of readdirSync(folderPath).sort()) {
      if (!name.endsWith('.md')) continue;
      const file = `${folder}/${name}`;
      const article = parseArticleFile(file, folder, readFileSync(join(folderPath, name), 'utf8'), problems, options);
      if (article) articles.push(article);
    }
  }

  // One id, one article: the same slug and section in both languages, one file per language.
  const byId = new Map<number, ContentArticle[]>();
  const kept: ContentArticle[] = [];
  for (const article of articles) {
    const same = byId.get(article.id) ?? [];
    const clash = same.find(
      (other) => other.lang === article.lang || other.slug !== article.slug || other.section !== article.section,
    );
    if (clash) {
      problems.push({
        file: article.file,
        severity: 'error',
        message: `id ${article.id} is already used by ${clash.file}`,
      });
      continue;
    }
    same.push(article);
    byId.set(article.id, same);
    kept.push(article);
  }
  const bySlug = new Map<string, ContentArticle[]>();
  for (const article of kept) {
    const key = `${article.section}/${article.slug}`;
    bySlug.set(key, [...(bySlug.get(key) ?? []), article]);
  }
  const dropped = new Set<ContentArticle>();
  for (const [key, versions] of bySlug) {
    if (versions.length === 1) {
      const missing = versions[0].lang === 'zh' ? 'en' : 'zh';
      problems.push({ file: versions[0].file, severity: 'warning', message: `no ${key}.${missing}.md translation` });
    } else if (versions[0].id !== versions[1].id) {
      const [first, second] = versions;
      problems.push({
        file: second.file,
        severity: 'error',
        message: `id ${second.id} differs from the id ${first.id} of ${first.file} (both languages share one id)`,
      });
      dropped.add(second);
    }
  }
  return { articles: kept.filter((article) => !dropped.has(article)), problems };
}
