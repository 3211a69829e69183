import { TextsConfirmModal } from '../../../components/texts-confirm-modal.tsx';
import type { Product } from '../../../lib/api/types.ts';
import { productTitle } from '../../../lib/product-text.ts';
import type { CollectionAction } from '../api/use-toggle-collection.ts';

export type CollectionChange = { product: Product; action: CollectionAction };

type CollectionConfirmModalProps = {
  change: CollectionChange | null;
  onConfirm: (change: CollectionChange) => void;
  onCancel: () => void;
};

/** Asks before every change of data collection (enable sharing or disable sharing). */
export function CollectionConfirmModal({ change, onConfirm, onCancel }: CollectionConfirmModalProps) {
  const texts = change?.action === 'DISABLE' ? 'products.confirmDisable' : 'products.confirmEnable';
  const name = change ? productTitle(change.product) : '';
  return (
    <TextsConfirmModal
      texts={texts}
      values={{ name }}
      open={change !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      primaryVariant={change?.action === 'DISABLE' ? 'danger' : 'primary'}
      onPrimary={() => {
        if (change) onConfirm(change);
      }}
    />
  );
}
