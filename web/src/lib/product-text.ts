import type { Product } from './api/types.ts';

/**
 * How a product is named on every screen: a vehicle by its model, then brand · external id; a
 * wallbox by its name, then its external id. `externalId` is the id as shown (masked where it must be).
 */
export function productTitle(product: Product, externalId = product.externalId): string {
  const { model, name } = product.productFields;
  const title = product.productType === 'VEHICLE' ? model : name;
  return title || externalId;
}

export function productSubtitle(product: Product, externalId = product.externalId): string {
  const { brand } = product.productFields;
  if (product.productType === 'VEHICLE' && brand) return `${brand} · ${externalId}`;
  return externalId;
}
