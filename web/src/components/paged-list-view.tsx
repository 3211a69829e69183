import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from './load-failure.tsx';
import { Callout } from './ui/callout.tsx';
import { VirtualList, type VirtualListProps } from './virtual-list.tsx';

type PagedListViewProps<T> = VirtualListProps<T> & {
  /** Shown while the first page loads (not for a list that asks the server nothing). */
  loading: ReactNode;
  /** What could not be loaded (LoadFailure's general text when left out). */
  failureMessage?: string;
  /** Shown when the list has no items (and no search was asked for). */
  empty: ReactNode;
  /** The search the list was asked for: with one, an empty list says nothing matched it. */
  q?: string;
};

/**
 * A paged list with its states: loading, failed (with retry, never shown as empty), empty, and
 * the items as a virtual list. A failed next page has its own retry at the end of the list.
 */
export function PagedListView<T>({ loading, failureMessage, empty, q, ...listProps }: PagedListViewProps<T>) {
  const { t } = useTranslation();
  const { query, items } = listProps.list;
  // A disabled query is pending but idle: nothing is on the way, the list is just empty.
  const firstPageLoading = query.isPending && query.fetchStatus !== 'idle';
  return (
    <>
      {firstPageLoading && loading}
      {query.isError && !query.isFetchNextPageError && (
        <LoadFailure
          message={failureMessage}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {!firstPageLoading &&
        !query.isError &&
        items.length === 0 &&
        (q ? <Callout>{t('lists.noMatches', { q })}</Callout> : empty)}
      {items.length > 0 && <VirtualList {...listProps} />}
    </>
  );
}
