import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalConfig } from '../../lib/api/types.ts';
import { usePublishedSize } from '../../lib/published-size.ts';

type ModeBannerProps = {
  mode: PortalConfig['mode'] | undefined;
  /** Over the page instead of above it: the sign-in page shows it without moving what was painted. */
  floating?: boolean;
};

/**
 * Says, on every page, that this server is not a production one (demo, development or test):
 * anyone may sign in as the sample accounts, so nobody should type real data into it.
 */
export function ModeBanner({ mode, floating = false }: ModeBannerProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const shown = mode !== undefined && mode !== 'production';
  // Fixed layers (notifications) start below the header, which this banner pushes down; over the
  // sign-in page it pushes nothing, but what is pinned to the top (the language choice) moves below it.
  usePublishedSize(ref, floating ? '--floating-banner-height' : '--top-banner-height', undefined, shown);
  if (!shown) return null;
  return (
    <aside
      ref={ref}
      className={floating ? 'mode-banner mode-banner--floating' : 'mode-banner'}
      aria-label={t('modeBanner.label')}
    >
      {t(`modeBanner.${mode}`)}
    </aside>
  );
}
