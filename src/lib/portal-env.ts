/**
 * The portal environment: which brand and edition a request is for and what device asks. The server computes
 * it from the request (Host, User-Agent, settings) and writes it into the page; the client reads it back, so
 * server and client render the same thing.
 */
import { createContext, useContext } from 'react';
import { type Brand, type BrandId, brands, type Edition } from './brand';
import type { Platform } from './device';

export type { Edition };

export interface PortalEnv {
  brandId: BrandId;
  edition: Edition;
  isMobile: boolean;
  platform: Platform;
  /** Where the workbench lives (login success and "go to workbench" go here). */
  workbenchUrl: string;
  /** The current year on the server, so the footer's copyright line hydrates without mismatch. */
  year: number;
}

export const ENV_GLOBAL = '__PORTAL_ENV__';

declare global {
  interface Window {
    __PORTAL_ENV__?: PortalEnv;
  }
}

export const PortalEnvContext = createContext<PortalEnv | null>(null);

export function usePortalEnv(): PortalEnv & { brand: Brand } {
  const env = useContext(PortalEnvContext);
  if (!env) throw new Error('usePortalEnv needs a PortalEnvContext provider');
  return { ...env, brand: brands[env.brandId] };
}

/** Serialises the environment for an inline script; `<` is escaped so no value can close the tag. */
export function serializeEnv(env: PortalEnv): string {
  return `window.${ENV_GLOBAL}=${JSON.stringify(env).replace(/</g, '\\u003c')}`;
}
