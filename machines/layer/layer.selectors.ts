/**
 * Pure selectors and the initial snapshot of the layer machines. They import nothing from XState, so the
 * page can render the layer's state before the machine's code has loaded (see src/lib/lazy-actor.ts).
 */
export type LayerType = 'clientDownload' | 'pluginDownload' | 'customerService';
export type DocumentType = 'agreement' | 'privacy';

export interface LayerStyle {
  width?: number;
  height?: number;
  borderRadius?: number;
}

export interface LayerContext<T extends string = string> {
  layerType: T | null;
  layerStyle: LayerStyle | null;
  isLayerCloseShow: boolean;
}

export type LayerEvent<T extends string = string> =
  | { type: 'layer.open'; layerType: T; layerStyle?: LayerStyle; isLayerCloseShow?: boolean }
  | { type: 'layer.close' }
  | { type: 'layer.cancel' };

export interface LayerSnapshot<T extends string = string> {
  value: 'hidden' | 'shown';
  context: LayerContext<T>;
}

export const initialLayerContext: LayerContext<never> = { layerType: null, layerStyle: null, isLayerCloseShow: true };
export const initialLayerSnapshot: LayerSnapshot<never> = { value: 'hidden', context: initialLayerContext };

export type AnyLayerSnapshot = { value: unknown; context: LayerContext };

export const selectIsOpen = (snapshot: AnyLayerSnapshot) => snapshot.value === 'shown';
export const selectLayerType = <T extends string>(snapshot: { context: LayerContext<T> }) => snapshot.context.layerType;
export const selectIsCloseShown = (snapshot: AnyLayerSnapshot) => snapshot.context.isLayerCloseShow;
export const selectLayerStyle = (snapshot: AnyLayerSnapshot) => snapshot.context.layerStyle;
