import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePortalConfig } from '../../lib/branding.ts';
import { usePublishedSize } from '../../lib/published-size.ts';

/**
 * Says, on every page, that this server is not a production one (demo, development or test):
 * anyone may sign in as the sample accounts, so nobody should type real data into it.
 */
export function ModeBanner() {
  const { t } = useTranslation();
  const mode = usePortalConfig().data?.mode;
  const ref = useRef<HTMLElement>(null);
  // Fixed layers (notifications) start below the header, which this banner pushes down.
  usePublishedSize(ref, '--top-banner-height', undefined, Boolean(mode && mode !== 'production'));
  if (!mode || mode === 'production') return null;
  return (
    <aside ref={ref} className="mode-banner" aria-label={t('modeBanner.label')}>
      {t(`modeBanner.${mode}`)}
    </aside>
  );
}
