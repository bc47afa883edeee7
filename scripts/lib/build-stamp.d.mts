export const DIST_DIR: string;
export const STAMP_NAME: string;
export function inputsHash(root?: string): string;
export function buildIsFresh(distDir?: string, root?: string): boolean;
