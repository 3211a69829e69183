import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { usePortalConfig } from '../../lib/branding.ts';

/** Publishes the banner's height as `--top-banner-height`, so fixed layers (notifications) start below the header. */
function usePublishedHeight(element: React.RefObject<HTMLElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const node = element.current;
    if (!shown || !node) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--top-banner-height', `${node.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(publish);
    observer?.observe(node);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--top-banner-height');
    };
  }, [element, shown]);
}

/**
 * Says, on every page, that this server is not a production one (demo, development or test):
 * anyone may sign in as the sample accounts, so nobody should type real data into it.
 */
export function ModeBanner() {
  const { t } = useTranslation();
  const mode = usePortalConfig().data?.mode;
  const ref = useRef<HTMLElement>(null);
  usePublishedHeight(ref, Boolean(mode && mode !== 'production'));
  if (!mode || mode === 'production') return null;
  return (
    <aside ref={ref} className="mode-banner" aria-label={t('modeBanner.label')}>
      {t(`modeBanner.${mode}`)}
    </aside>
  );
}
