import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../../components/ui/switch.tsx';
import type { Product } from '../../../lib/api/types.ts';
import type { ProductChoice } from '../selection.ts';

type ProductChoiceCardProps = {
  product: Product;
  choice: ProductChoice;
  onShare: (share: boolean) => void;
  onPersonal: (personal: boolean) => void;
};

/** Vehicle: model, then brand and external id. Wallbox: name, then external id. */
function texts(product: Product): { title: string; subtitle: string } {
  const { model, brand, name } = product.productFields;
  if (product.productType === 'VEHICLE') {
    return {
      title: model || product.externalId,
      subtitle: brand ? `${brand} · ${product.externalId}` : product.externalId,
    };
  }
  return { title: name || product.externalId, subtitle: product.externalId };
}

export function ProductChoiceCard({ product, choice, onShare, onPersonal }: ProductChoiceCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  const { title, subtitle } = texts(product);
  return (
    <li className="product-row wizard-product" aria-labelledby={titleId}>
      <div className="wizard-product__text">
        <h5 id={titleId} className="product-row__title">
          {title}
        </h5>
        <p className="item-subtitle">{subtitle}</p>
      </div>
      <div className="wizard-product__switches">
        <Switch
          label={t('wizard.shareData')}
          checked={choice.share}
          onCheckedChange={onShare}
          describedBy={titleId}
        />
        <Switch
          label={t('wizard.includePersonal')}
          checked={choice.personal}
          disabled={!choice.share}
          onCheckedChange={onPersonal}
          describedBy={`${titleId} ${hintId}`}
        />
        <span id={hintId} hidden>
          {t('wizard.personalTooltip')}
        </span>
      </div>
    </li>
  );
}
