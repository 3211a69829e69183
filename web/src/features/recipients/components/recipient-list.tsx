import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../components/load-failure.tsx';
import { VirtualList } from '../../../components/virtual-list.tsx';
import type { useRecipientList } from '../api/use-recipient-lists.ts';
import type { InvitationEntry, RecipientAction, RecipientsView } from '../recipient-status.ts';
import { RecipientCard } from './recipient-card.tsx';

type RecipientListProps = {
  view: RecipientsView;
  list: ReturnType<typeof useRecipientList>;
  /** The search the list was asked for ('' for none). */
  q: string;
  desktop: boolean;
  onAction: (entry: InvitationEntry, action: RecipientAction) => void;
};

/** One tab's entries as a virtual list loaded page by page; loading, failure, empty and no-match states. */
export function RecipientList({ view, list, q, desktop, onAction }: RecipientListProps) {
  const { t } = useTranslation();
  const { query, items, asked } = list;
  const label = t(view === 'agents' ? 'recipients.tabs.agents' : 'recipients.tabs.invitations');
  if (asked && query.isPending) {
    return (
      <p className="recipients__loading" role="status">
        {t('recipients.loading')}
      </p>
    );
  }
  // A failed next page has its own retry at the end of the list.
  if (query.isError && !query.isFetchNextPageError) {
    return <LoadFailure onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  if (items.length === 0) {
    if (q) return <p className="recipients__empty">{t('lists.noMatches', { q })}</p>;
    const prefix = view === 'agents' ? 'agents' : 'invitations';
    return (
      <div className="recipients__empty">
        <h2>{t(`recipients.empty.${prefix}Title`)}</h2>
        <p>{t(`recipients.empty.${prefix}Body`)}</p>
      </div>
    );
  }
  return (
    <VirtualList
      list={list}
      label={label}
      className="recipient-list"
      estimateSize={desktop ? 96 : 150}
      getKey={(entry) => entry.id}
      renderItem={(entry, listItem) => (
        <RecipientCard
          key={entry.id}
          listItem={listItem}
          entry={entry}
          desktop={desktop}
          onAction={onAction}
        />
      )}
    />
  );
}
