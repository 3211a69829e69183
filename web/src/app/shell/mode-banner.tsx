import { useTranslation } from 'react-i18next';
import { usePortalConfig } from '../../lib/branding.ts';

/**
 * Says, on every page, that this server is not a production one (demo, development or test):
 * anyone may sign in as the sample accounts, so nobody should type real data into it.
 */
export function ModeBanner() {
  const { t } = useTranslation();
  const mode = usePortalConfig().data?.mode;
  if (!mode || mode === 'production') return null;
  return (
    <aside className="mode-banner" aria-label={t('modeBanner.label')}>
      {t(`modeBanner.${mode}`)}
    </aside>
  );
}
