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
