import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { errorCodeOf } from '../../lib/api/api-error.ts';

type Loadable = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

/** Loading, failed (with the code and a retry, never shown as empty) or the section's content. */
export function SectionState({ query, children }: { query: Loadable; children: ReactNode }) {
  const { t } = useTranslation('simulator');
  if (query.isPending) return <Spinner label={t('loading')} />;
  if (query.isError) {
    return (
      <div role="alert" className="simulator__error">
        <p>{t('loadFailed', { code: errorCodeOf(query.error) ?? 'NETWORK' })}</p>
        <Button size="sm" variant="secondary" onClick={() => query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return <>{children}</>;
}
