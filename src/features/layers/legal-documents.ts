/**
 * The legal texts (user agreement, privacy policy) in both languages. Each file is imported raw and lazily, so
 * every document is a chunk of its own that loads only when someone opens it.
 */
import type { DocumentType } from '#machines/layer/layer.selectors';
import type { Brand } from '#shared/brand';
import type { Locale } from '#shared/locale';
import { fillTokens } from './legal-markdown';

const loaders = import.meta.glob<string>('/content/legal/*.md', { query: '?raw', import: 'default' });

/** Both documents take effect on this date (the `{effectiveDate}` token). */
export const LEGAL_EFFECTIVE_DATE = '2026-01-01';

const cache = new Map<string, Promise<string>>();

/** Raw Markdown of a document, loaded once; a failed load is forgotten so opening the document again retries. */
export function loadLegalDocument(document: DocumentType, locale: Locale): Promise<string> {
  const path = `/content/legal/${document}.${locale}.md`;
  let pending = cache.get(path);
  if (!pending) {
    const load = loaders[path];
    pending = load ? load() : Promise.reject(new Error(`No legal document at ${path}`));
    pending.catch(() => cache.delete(path));
    cache.set(path, pending);
  }
  return pending;
}

/**
 * Fills the brand's name, company, phone and the effective date into a document. While the brand's phone is unset
 * (shared/brand-contents.ts), the line that would show it is left out.
 */
export function fillLegalTokens(markdown: string, brand: Brand, locale: Locale, phone: string | null): string {
  const text = phone ? markdown : markdown.replace(/^.*\{servicePhone\}.*\n?/gm, '');
  return fillTokens(text, {
    brandName: brand.name[locale],
    companyName: brand.companyName[locale],
    servicePhone: phone ?? '',
    effectiveDate: LEGAL_EFFECTIVE_DATE,
  });
}
