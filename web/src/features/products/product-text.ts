import type { Product } from '../../lib/api/types.ts';

/** Vehicle: model, then brand · external id. Wallbox: name, then external id. */
export function productTitle(product: Product): string {
  const { model, name } = product.productFields;
  const title = product.productType === 'VEHICLE' ? model : name;
  return title || product.externalId;
}

export function productSubtitle(product: Product): string {
  const { brand } = product.productFields;
  if (product.productType === 'VEHICLE' && brand) return `${brand} · ${product.externalId}`;
  return product.externalId;
}
