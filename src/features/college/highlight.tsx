/**
 * Marks the search words in a text. It splits plain text into parts and wraps the matching parts in <mark>:
 * React escapes every part, so a title containing `<script>` stays text.
 */
import * as styles from './college.css';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text split into [part, isMatch] pairs, matching any of the words, ignoring case. */
export function splitMatches(text: string, terms: readonly string[]): [string, boolean][] {
  const words = terms.filter((term) => term.length > 0).sort((a, b) => b.length - a.length);
  if (words.length === 0 || !text) return [[text, false]];
  const pattern = new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'giu');
  const parts: [string, boolean][] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (match[0].length === 0) continue;
    if (index > last) parts.push([text.slice(last, index), false]);
    parts.push([match[0], true]);
    last = index + match[0].length;
  }
  if (last < text.length) parts.push([text.slice(last), false]);
  return parts;
}

export function Highlight({ text, terms }: { text: string; terms: readonly string[] }) {
  const parts = splitMatches(text, terms);
  return (
    <>
      {parts.map(([part, isMatch], index) =>
        isMatch ? (
          // The parts of one text never reorder: their position is a stable key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <mark key={index} className={styles.highlight}>
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}
