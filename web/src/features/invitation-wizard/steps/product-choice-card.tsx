import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductRowText } from '../../../components/product-row-text.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import type { Product } from '../../../lib/api/types.ts';
import type { ProductChoice } from '../selection.ts';

type ProductChoiceCardProps = {
  product: Product;
  choice: ProductChoice;
  onShare: (share: boolean) => void;
  onPersonal: (personal: boolean) => void;
};

export function ProductChoiceCard({ product, choice, onShare, onPersonal }: ProductChoiceCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const hintId = useId();
  return (
    <li className="row-spread product-row wizard-product" aria-labelledby={titleId}>
      <ProductRowText product={product} titleId={titleId} heading="h5" className="wizard-product__text" />
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
