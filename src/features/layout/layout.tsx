import type { ReactNode } from 'react';

/** Placeholder frame until the layout lands: header, content, footer. */
export function Layout({ children }: { children: ReactNode }) {
  return <div>{children}</div>;
}
