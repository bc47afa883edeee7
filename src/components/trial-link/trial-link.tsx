import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { localizePath } from '#shared/locale';
import { useLocale } from '~/lib/use-locale';

/**
 * A link to registration in the page's language. `search` keeps the current query string, so attribution
 * parameters (utm_term, bd_vid, …) reach the register page (docs/product.md#pages "/register").
 */
export function TrialLink({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Link className={className} to={localizePath('/register', useLocale())} search={true}>
      {children}
    </Link>
  );
}
