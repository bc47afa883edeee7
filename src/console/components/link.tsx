/**
 * Links and navigation of the console's router. The portal registers its own router type with TanStack Router
 * (src/router.tsx), so the console's paths are typed here as plain strings.
 */
import { Link as RouterLink, useNavigate as useRouterNavigate } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ComponentType, ReactNode } from 'react';

export type ConsolePath =
  | '/'
  | '/users'
  | '/users/$userId'
  | '/signups'
  | '/audit'
  | '/webhooks'
  | '/articles'
  | '/articles/$articleId';

export const Link = RouterLink as unknown as ComponentType<
  {
    to: ConsolePath;
    params?: Record<string, string>;
    search?: Record<string, unknown>;
    children?: ReactNode;
    activeProps?: AnchorHTMLAttributes<HTMLAnchorElement>;
  } & AnchorHTMLAttributes<HTMLAnchorElement>
>;

export function useNavigate() {
  return useRouterNavigate() as unknown as (options: {
    to: ConsolePath;
    params?: Record<string, string>;
    search?: Record<string, unknown>;
  }) => Promise<void>;
}
