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

type ListProps<T> = {
  query: Loadable & { data?: readonly T[] | undefined };
  label: string;
  /** Said when the list loaded empty. */
  emptyText: string;
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
};

/** A section's list of items once loaded (loading and failure as `SectionState`), or that it is empty. */
export function SectionList<T>({ query, label, emptyText, getKey, renderItem }: ListProps<T>) {
  return (
    <SectionState query={query}>
      {query.data?.length === 0 && <p className="simulator__muted">{emptyText}</p>}
      <ul className="simulator__list" aria-label={label}>
        {query.data?.map((item) => (
          <li key={getKey(item)} className="simulator__item">
            {renderItem(item)}
          </li>
        ))}
      </ul>
    </SectionState>
  );
}
