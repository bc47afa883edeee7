/**
 * The only module of the app that imports XState at run time. It is loaded on first use (a layer opened, a
 * navigation, a video played, a login) or on idle prefetch, never with the first page load.
 */
import { createActor, fromPromise } from 'xstate';
import { documentModalMachine, layerMachine } from '#machines/layer/layer.machine';
import { loadingBarMachine } from '#machines/loading-bar/loading-bar.machine';
import { sessionMachine } from '#machines/session/session.machine';
import { videoMachine } from '#machines/video/video.machine';

export {
  createActor,
  documentModalMachine,
  fromPromise,
  layerMachine,
  loadingBarMachine,
  sessionMachine,
  videoMachine,
};
