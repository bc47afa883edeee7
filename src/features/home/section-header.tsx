import type { ReactNode } from 'react';
import * as styles from './home.css';

interface SectionHeaderProps {
  /** The id the section's `aria-labelledby` points at. */
  id: string;
  /** A short label above the title (the section's theme in a few words). */
  eyebrow: ReactNode;
  title: ReactNode;
  lead: ReactNode;
}

/** The centred heading block each home section opens with: eyebrow, `<h2>` and one lead paragraph. */
export function SectionHeader({ id, eyebrow, title, lead }: SectionHeaderProps) {
  return (
    <header className={styles.sectionHeader}>
      <p className={styles.eyebrow}>{eyebrow}</p>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      <p className={styles.sectionLead}>{lead}</p>
    </header>
  );
}
