import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CategorySection } from '../../../components/category-section.tsx';
import { Callout } from '../../../components/ui/callout.tsx';
import type { Product } from '../../../lib/api/types.ts';
import { choiceOf, type Selection, setPersonal, setShare } from '../selection.ts';
import { ProductChoiceCard } from './product-choice-card.tsx';

type SelectDataStepProps = {
  vehicles: readonly Product[];
  wallboxes: readonly Product[];
  /** Shown when the products failed to load (never "no products"). */
  failure: ReactNode;
  selection: Selection;
  onChange: (selection: Selection) => void;
};

function Category(
  props: { title: string; tooltip: string; products: readonly Product[] } & SelectDataStepProps,
) {
  const { title, tooltip, products, selection, onChange } = props;
  if (products.length === 0) return null;
  return (
    <CategorySection title={title} tooltip={tooltip} heading="h4">
      {products.map((product) => (
        <ProductChoiceCard
          key={product.id}
          product={product}
          choice={choiceOf(selection, product.id)}
          onShare={(share) => onChange(setShare(selection, product.id, share))}
          onPersonal={(personal) => onChange(setPersonal(selection, product.id, personal))}
        />
      ))}
    </CategorySection>
  );
}

/** Step 1: per offered product, share it and whether personal data is included. */
export function SelectDataStep(props: SelectDataStepProps) {
  const { t } = useTranslation();
  const { vehicles, wallboxes, failure } = props;
  return (
    <div className="wizard-step">
      <p className="wizard-step__counter">{t('wizard.step1')}</p>
      <h3>{t('wizard.selectData')}</h3>
      <p>{t('wizard.selectDataBody')}</p>
      <p className="wizard-step__muted">{t('common.personalData')}</p>
      {failure}
      {!failure && vehicles.length + wallboxes.length === 0 && <Callout>{t('wizard.noProducts')}</Callout>}
      <Category
        {...props}
        title={t('wizard.vehicles')}
        tooltip={t('wizard.vehiclesTooltip')}
        products={vehicles}
      />
      <Category
        {...props}
        title={t('wizard.wallboxes')}
        tooltip={t('wizard.wallboxesTooltip')}
        products={wallboxes}
      />
    </div>
  );
}
