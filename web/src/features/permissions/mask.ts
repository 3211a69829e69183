import type { Product } from '../../lib/api/types.ts';

export const VISIBLE_ID_CHARS = 3;

/** The first 3 characters stay, the rest become `*` (the server masks the same way for companies). */
export function maskExternalId(externalId: string): string {
  return (
    externalId.slice(0, VISIBLE_ID_CHARS) + '*'.repeat(Math.max(0, externalId.length - VISIBLE_ID_CHARS))
  );
}

/** A vehicle whose data collection is off shows a masked external id. */
export function displayedExternalId(product: Product): string {
  return product.productType === 'VEHICLE' && !product.dataCollectionEnabled
    ? maskExternalId(product.externalId)
    : product.externalId;
}
