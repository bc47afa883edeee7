/**
 * XState and the scan-login machine with the panel's effects. Loaded with a dynamic import when the panel
 * mounts (src/features/auth/scan-login/use-scan-login.ts), so neither is part of any page's first load.
 */
import { createActor, fromPromise } from 'xstate';
import { scanLoginMachine } from '#machines/scan-login/scan-login.machine';
import type {
  QrCodeResult,
  QrStatusResult,
  ScanLoginInput,
  ScanUserInfo,
  WxLoginForm,
} from '#machines/scan-login/scan-login.selectors';
import type { ScanEffects } from './effects';

export function startScanLogin(effects: ScanEffects, input: ScanLoginInput = {}) {
  return createActor(
    scanLoginMachine.provide({
      actors: {
        createQrCode: fromPromise<QrCodeResult>(() => effects.createQrCode()),
        pollQrStatus: fromPromise<QrStatusResult, { ticket: string }>(({ input }) =>
          effects.pollQrStatus(input.ticket),
        ),
        submitWxLogin: fromPromise<ScanUserInfo, { ticket: string; form: WxLoginForm }>(({ input }) =>
          effects.submitWxLogin(input.ticket, input.form),
        ),
      },
      actions: {
        completeLogin: (_, params) => effects.completeLogin(params),
        completeLink: () => effects.completeLink?.(),
      },
    }),
    { input },
  ).start();
}

export type ScanLoginActor = ReturnType<typeof startScanLogin>;
