import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalConfig } from '../../lib/api/types.ts';
import { usePublishedSize } from '../../lib/published-size.ts';

type ModeBannerProps = {
  mode: PortalConfig['mode'] | undefined;
  /**
   * Writes its height as `--top-banner-height` on <html> for the fixed layers (notifications) to keep
   * clear of it; the sign-in page has none and skips the write (a whole-document style recalculation).
   */
  publishHeight?: boolean;
  /** The simulator launcher, in the banner's own slot (the sign-in page's launcher comes by a portal). */
  children?: ReactNode;
};

/** The banner's place for the simulator launcher, found by the sign-in page's separate launcher root. */
export const SIMULATOR_SLOT_SELECTOR = '.mode-banner [data-simulator-slot]';

/**
 * Says, on every page, that this server is not a production one (demo, development or test):
 * anyone may sign in as the sample accounts, so nobody should type real data into it. Its end holds
 * the simulator launcher in room it always reserves (also in the page the server draws, before the
 * launcher's chunk arrives), so the launcher never covers the page and nothing moves when it appears;
 * being in the page, not above it, a modal overlay covers it like the rest of the page.
 */
export function ModeBanner({ mode, publishHeight = true, children }: ModeBannerProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const shown = mode !== undefined && mode !== 'production';
  // Fixed layers (notifications) start below the header, which this banner pushes down.
  usePublishedSize(ref, '--top-banner-height', undefined, shown && publishHeight);
  if (!shown) return null;
  return (
    <aside ref={ref} className="mode-banner" aria-label={t('modeBanner.label')}>
      <span className="mode-banner__text">{t(`modeBanner.${mode}`)}</span>
      <span className="mode-banner__slot" data-simulator-slot="">
        {children}
      </span>
    </aside>
  );
}
