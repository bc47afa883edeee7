/** Whether code may be fetched before it is needed: not on 2g connections, not with data saver on (docs/product.md#constants). */
export interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

export function shouldPrefetch(connection: NetworkInformationLike | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}

/** Whether this browser's connection allows fetching code before it is needed. */
export function mayFetchAhead(): boolean {
  return shouldPrefetch((navigator as Navigator & { connection?: NetworkInformationLike }).connection);
}
