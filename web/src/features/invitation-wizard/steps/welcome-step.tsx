import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Callout } from '../../../components/ui/callout.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

type WelcomeStepProps = {
  loading: boolean;
  anyEnabled: boolean;
  /** Shown instead of the callout when the products failed to load (never "no products"). */
  failure: ReactNode;
};

/** Step 0: what an invitation does; a warning when no product can be shared. */
export function WelcomeStep({ loading, anyEnabled, failure }: WelcomeStepProps) {
  const { t } = useTranslation();
  return (
    <div className="wizard-step">
      <h3>{t('wizard.welcomeTitle')}</h3>
      <p>{t('wizard.welcomeBody')}</p>
      {failure ||
        (loading ? (
          <Spinner />
        ) : (
          <Callout type={anyEnabled ? 'info' : 'warning'}>
            {t(anyEnabled ? 'wizard.calloutInfo' : 'wizard.calloutWarning')}
          </Callout>
        ))}
    </div>
  );
}
