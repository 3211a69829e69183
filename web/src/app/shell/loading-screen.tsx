import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useBranding } from '../../lib/branding.ts';

/** Shown while the user profile is not loaded yet. */
export function LoadingScreen() {
  const { t } = useTranslation();
  const { productName } = useBranding();
  return (
    <div className="loading-screen" aria-busy="true">
      <h1 className="loading-screen__title">{productName}</h1>
      <Spinner size="lg" decorative />
      <p role="status">{t('common.loading')}</p>
    </div>
  );
}
