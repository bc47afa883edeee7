/**
 * The portal environment in the browser: the React context that carries it and the page's JSON block it is
 * read from. Its shape is shared with the server (shared/portal-env.ts).
 */

import { createContext, useContext } from 'react';
import { type Brand, brands } from '#shared/brand';
import type { PortalEnv } from '#shared/portal-env';

/**
 * The id of the page's `<script type="application/json">` block carrying the environment: data the browser
 * never runs, so the Content-Security-Policy needs no hash or nonce for it and the page stays the same bytes
 * for every visitor.
 */
export const ENV_ELEMENT_ID = 'portal-env';

export const PortalEnvContext = createContext<PortalEnv | null>(null);

export function usePortalEnv(): PortalEnv & { brand: Brand } {
  const env = useContext(PortalEnvContext);
  if (!env) throw new Error('usePortalEnv needs a PortalEnvContext provider');
  return { ...env, brand: brands[env.brandId] };
}

/** Serialises the environment for its JSON block; `<` is escaped so no value can close the tag. */
export function serializeEnv(env: PortalEnv): string {
  return JSON.stringify(env).replace(/</g, '\\u003c');
}

/** The environment the server wrote into the page (undefined on a page it did not render). */
export function readPortalEnv(doc: Document = document): PortalEnv | undefined {
  const text = doc.getElementById(ENV_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as PortalEnv) : undefined;
}
