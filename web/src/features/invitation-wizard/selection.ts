import type { Product, Schemas } from '../../lib/api/types.ts';

export type ProductChoice = { share: boolean; personal: boolean };
/** Per product id; a product that is missing shares nothing. */
export type Selection = Readonly<Record<string, ProductChoice>>;

const OFF: ProductChoice = { share: false, personal: false };

export function choiceOf(selection: Selection, productId: string): ProductChoice {
  return selection[productId] ?? OFF;
}

/** Turning sharing off also turns personal data off. */
export function setShare(selection: Selection, productId: string, share: boolean): Selection {
  const current = choiceOf(selection, productId);
  return { ...selection, [productId]: { share, personal: share && current.personal } };
}

/** Personal data is locked while sharing is off. */
export function setPersonal(selection: Selection, productId: string, personal: boolean): Selection {
  const current = choiceOf(selection, productId);
  if (!current.share) return selection;
  return { ...selection, [productId]: { ...current, personal } };
}

/** Only products with data collection enabled can be offered. */
export function offeredProducts(products: readonly Product[] | undefined): Product[] {
  return (products ?? []).filter((product) => product.dataCollectionEnabled);
}

/** One item per offered product with sharing on. */
export function invitationItems(
  selection: Selection,
  offered: readonly Product[],
): Schemas['InvitationCreateItem'][] {
  return offered
    .filter((product) => choiceOf(selection, product.id).share)
    .map((product) => ({
      productId: product.id,
      includeSensitiveData: choiceOf(selection, product.id).personal,
    }));
}
