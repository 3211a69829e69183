import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductRowText } from '../../../components/product-row-text.tsx';
import { Callout } from '../../../components/ui/callout.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import type { Schemas } from '../../../lib/api/types.ts';
import type { PermissionsRole } from '../api/use-permissions.ts';
import { displayedExternalId } from '../mask.ts';

type PermissionItemProps = { entry: Schemas['PermissionEntry']; role: PermissionsRole };

/** One shared product: read-only sharing states, or a notice when its data collection is off. */
export function PermissionItem({ entry, role }: PermissionItemProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const { product } = entry;
  return (
    <li className="row-spread product-row permission-item" aria-labelledby={titleId}>
      <ProductRowText
        product={product}
        titleId={titleId}
        heading="h4"
        className="permission-item__text"
        externalId={displayedExternalId(product)}
      />
      {product.dataCollectionEnabled ? (
        // The same switches the owner set in the invitation wizard, read-only here (both roles).
        <div className="permission-item__states">
          <Switch label={t('permissions.sharingData')} checked readOnly describedBy={titleId} />
          <Switch
            label={t('permissions.includingPersonal')}
            checked={entry.includeSensitiveData}
            readOnly
            describedBy={titleId}
          />
        </div>
      ) : (
        <Callout>
          {t(role === 'user' ? 'permissions.collectionOffUser' : 'permissions.collectionOffAgent')}
        </Callout>
      )}
    </li>
  );
}
