/**
 * Renders the QR panel as the app does (providers, the toast host) with H3's fake effects
 * (machines/scan-login/scan-login.testing.ts): every call waits until the test answers it.
 */
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import {
  createFakeScanEffects,
  type FakeScanEffects,
  sampleQrCode,
  sampleStatuses,
} from '#machines/scan-login/scan-login.testing';
import { toast } from '~/components/toast/toast';
import { ToastHost } from '~/components/toast/toast-host';
import { type ProviderOptions, renderWithProviders } from '~/test/providers';
import { ScanPanel, type ScanPanelVariant } from './scan-panel';

// The toaster (sonner) loads with the first toast; loaded here once, a test's first toast shows at once.
await import('~/components/toast/toaster');

export interface PanelOptions extends Omit<ProviderOptions, 'effects'> {
  variant?: ScanPanelVariant;
  /** The scan effects (new fakes by default). */
  fake?: FakeScanEffects;
  /** `bind`: the scan bound the WeChat. */
  onLinked?: () => void;
}

export async function renderPanel(options: PanelOptions = {}) {
  toast.clear();
  const { fake, variant, onLinked, ...providers } = options;
  const effects = fake ?? createFakeScanEffects();
  const result = await renderWithProviders(
    <>
      <ScanPanel effects={effects} variant={variant ?? 'tab'} onLinked={onLinked} />
      <ToastHost />
    </>,
    providers,
  );
  return { ...result, effects };
}

/** A code that lives 5 minutes from now and is polled every 10 ms (real timers stay fast). */
export function quickCode(overrides: Partial<typeof sampleQrCode> = {}) {
  return { ...sampleQrCode, pollInterval: 0.01, expiresAt: Date.now() + 300_000, ...overrides };
}

/** Waits until the panel polls (the last unanswered call). */
export async function nextPoll(effects: FakeScanEffects) {
  await waitFor(() => expect(effects.pendingCount().polls).toBe(1));
}

/** Creates a code and answers the first poll "unbound" (nickname 微信用户); resolves on the choice. */
export async function reachUnbound(effects: FakeScanEffects, nickname: string | null = '微信用户') {
  await waitFor(() => expect(effects.pendingCount().creates).toBe(1));
  effects.answerCreate(quickCode());
  await nextPoll(effects);
  effects.answerPoll({ ...sampleStatuses.unbound, identity: { nickname }, expiresAt: Date.now() + 600_000 });
  await screen.findByRole('heading', { name: /该微信尚未绑定账号|This WeChat is not bound/ });
}

/** The panel's state heading (level 2). */
export const stateHeading = () => screen.getByRole('heading', { level: 2 });
