/**
 * A deliberately tiny Markdown renderer for the legal texts in `content/legal/`: headings (#, ##, ###),
 * paragraphs and `- ` bullet lists, nothing else. It builds React elements, so any markup in the text is shown
 * as text and never becomes HTML.
 */
import type { ReactNode } from 'react';

export type LegalBlock =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] };

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^-\s+(.*)$/;

export function parseLegalMarkdown(markdown: string): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;

  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push({ kind: 'list', items: list });
    paragraph = [];
    list = null;
  };

  for (const rawLine of markdown.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1].length as 1 | 2 | 3, text: heading[2].trim() });
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet) {
      if (paragraph.length) flush();
      list ??= [];
      list.push(bullet[1].trim());
      continue;
    }
    if (list) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/** Replaces `{token}` placeholders; unknown tokens stay as they are. */
export function fillTokens(markdown: string, values: Record<string, string>): string {
  return markdown.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export interface LegalMarkdownProps {
  markdown: string;
  /**
   * Shifts heading levels so the text nests under the surrounding heading: inside a dialog whose title is an
   * h2, `headingOffset={1}` turns `#` into h2, `##` into h3 and `###` into h4.
   */
  headingOffset?: number;
  /** Leaves out a leading `#` heading when the surrounding page already shows it as its title. */
  skipTitle?: boolean;
  className?: string;
}

const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;

export function LegalMarkdown({ markdown, headingOffset = 0, skipTitle = false, className }: LegalMarkdownProps) {
  let blocks = parseLegalMarkdown(markdown);
  if (skipTitle && blocks[0]?.kind === 'heading' && blocks[0].level === 1) blocks = blocks.slice(1);

  const elements: ReactNode[] = blocks.map((block, index) => {
    // The blocks of a document never reorder, so their position is a stable key.
    const key = index;
    switch (block.kind) {
      case 'heading': {
        const Tag = HEADING_TAGS[Math.min(block.level - 1 + headingOffset, 5)];
        return <Tag key={key}>{block.text}</Tag>;
      }
      case 'list':
        return (
          <ul key={key}>
            {block.items.map((item, itemIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: list items of a fixed text never reorder
              <li key={itemIndex}>{item}</li>
            ))}
          </ul>
        );
      default:
        return <p key={key}>{block.text}</p>;
    }
  });

  return <div className={className}>{elements}</div>;
}
