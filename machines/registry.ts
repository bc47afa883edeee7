/**
 * Every machine of the app with the events its environment can send it, for `npm run paths` (QA reads the
 * generated paths as steps) and for tests that check each machine is fully covered. Add a machine here when
 * you add one.
 */
import type { AnyStateMachine, EventObject } from 'xstate';
import { accountMachine } from './account/account.machine';
import { accountPathEvents } from './account/account.testing';
import { captchaMachine } from './captcha/captcha.machine';
import { captchaPathEvents } from './captcha/captcha.testing';
import { actionMachine } from './console/action.machine';
import { articleSaveMachine } from './console/article-save.machine';
import { actionPathEvents, articleSavePathEvents, signInPathEvents } from './console/console.testing';
import { signInMachine } from './console/sign-in.machine';
import { documentModalMachine, layerMachine } from './layer/layer.machine';
import { loadingBarMachine } from './loading-bar/loading-bar.machine';
import { scanLoginMachine } from './scan-login/scan-login.machine';
import { scanLoginPathEvents } from './scan-login/scan-login.testing';
import { sessionMachine } from './session/session.machine';
import { sessionPathEvents } from './session/session.testing';
import { smsCountdownMachine } from './sms-countdown/sms-countdown.machine';
import { smsCountdownPathEvents } from './sms-countdown/sms-countdown.testing';
import { videoMachine } from './video/video.machine';

export interface RegisteredMachine {
  name: string;
  /** Its folder under machines/, which names its page in docs/machines/. */
  folder: string;
  /** The spec section it implements, for the reader of the paths. */
  spec: string;
  machine: AnyStateMachine;
  /** Events with their payloads, e.g. `{ type: 'layer.open', layerType: 'pluginDownload' }`. */
  events: readonly (EventObject & Record<string, unknown>)[];
}

export const machineRegistry: RegisteredMachine[] = [
  {
    name: 'layer',
    folder: 'layer',
    spec: 'docs/product.md#pages global modal layers, docs/product.md#states global layer',
    machine: layerMachine,
    events: [
      { type: 'layer.open', layerType: 'clientDownload' },
      { type: 'layer.open', layerType: 'pluginDownload' },
      { type: 'layer.open', layerType: 'customerService', isLayerCloseShow: false },
      { type: 'layer.close' },
      { type: 'layer.cancel' },
    ],
  },
  {
    name: 'documentModal',
    folder: 'layer',
    spec: 'docs/product.md#pages user agreement modal, docs/product.md#states "the agreement modal opens and closes the same way"',
    machine: documentModalMachine,
    events: [
      { type: 'layer.open', layerType: 'agreement' },
      { type: 'layer.open', layerType: 'privacy' },
      { type: 'layer.close' },
    ],
  },
  {
    name: 'loadingBar',
    folder: 'loading-bar',
    spec: 'docs/product.md#states page loading bar, docs/product.md#constants 200 / 5000 / 500 ms',
    machine: loadingBarMachine,
    events: [{ type: 'nav.start' }, { type: 'nav.done' }, { type: 'nav.fail' }],
  },
  {
    name: 'video',
    folder: 'video',
    spec: 'docs/product.md#pages video player',
    machine: videoMachine,
    events: [{ type: 'user.toggle' }, { type: 'media.play' }, { type: 'media.pause' }, { type: 'media.ended' }],
  },
  {
    name: 'smsCountdown',
    folder: 'sms-countdown',
    spec: 'docs/product.md#errors-and-messages SMS toasts: captcha, then a 60 s countdown; a 429 blocks for its wait (2 s waits here)',
    machine: smsCountdownMachine,
    events: smsCountdownPathEvents,
  },
  {
    name: 'captcha',
    folder: 'captcha',
    spec: 'docs/product.md#calls slider captcha: puzzle, slide, one-time ticket; failures fetch a new puzzle',
    machine: captchaMachine,
    events: captchaPathEvents,
  },
  {
    name: 'session',
    folder: 'session',
    spec: 'docs/product.md#data session store, docs/product.md#states login state and logout, docs/product.md#errors-and-messages 401 / 40002 and logout errors, logout in every tab',
    machine: sessionMachine,
    events: sessionPathEvents,
  },
  {
    name: 'scan-login',
    folder: 'scan-login',
    spec: 'docs/product.md#states messaging-app scan flow: code, polling (2 s, paused while hidden, retries, 429), bind / register, final states',
    // Its delays come from the code and the 429 (the samples': poll 2000 ms, a 429 waits 3000 ms).
    machine: scanLoginMachine,
    events: scanLoginPathEvents,
  },
  {
    name: 'console-sign-in',
    folder: 'console',
    spec: "issue 'The operator's console' §2: name, password and TOTP; one answer for a wrong one; 429 waits Retry-After (2 s here); an expired session returns to the form and then to the page",
    machine: signInMachine,
    events: signInPathEvents,
  },
  {
    name: 'console-action',
    folder: 'console',
    spec: "issue 'The operator's console' §3 and §6: ban (reason required), unban, revoke, unbind, show the full number, resend: confirm → pending → done or failed with the server's message",
    machine: actionMachine,
    events: actionPathEvents,
  },
  {
    name: 'console-article-save',
    folder: 'console',
    spec: "the college editor's autosave: an edit waits 800 ms, then the working copy is saved (PUT); an edit during a save is saved after it; a failed save keeps the draft, a refusal waits for an edit, no answer is tried again after 5 s",
    machine: articleSaveMachine,
    events: articleSavePathEvents,
  },
  {
    name: 'account',
    folder: 'account',
    spec: "docs/api.md#the-sellers-own-account-need-x-auth-token: the account page's load, one change at a time (done or the server's message), closure, and a closing account's only choice, cancel",
    machine: accountMachine,
    events: accountPathEvents,
  },
];
