import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '../../../components/list-toolbar.tsx';
import { PagedListView } from '../../../components/paged-list-view.tsx';
import { Callout } from '../../../components/ui/callout.tsx';
import type { ListItemProps } from '../../../components/virtual-list.tsx';
import type { PagedList } from '../../../lib/paged-list/use-paged-list.ts';
import type { useSearchParam } from '../../../lib/paged-list/use-search-param.ts';

type AdminListPanelProps<T> = {
  /** Which list: its texts are `admin.<kind>.*` and its tab `admin.tabs.<kind>`. */
  kind: 'applications' | 'sharings';
  list: PagedList<T>;
  search: ReturnType<typeof useSearchParam>;
  /** A first guess of a card's height in px. */
  estimateSize: number;
  renderItem: (item: T, listItem: ListItemProps) => ReactNode;
  /** Beside the search field (the status filter). */
  filter?: ReactNode;
  /** The panel's confirmation dialog. */
  children: ReactNode;
};

/** One tab of /admin: a searchable list of cards loaded page by page, and its confirmation. */
export function AdminListPanel<T extends { id: string }>(props: AdminListPanelProps<T>) {
  const { kind, list, search, estimateSize, renderItem, filter, children } = props;
  const { t } = useTranslation();
  return (
    <div className="admin-panel">
      <ListToolbar
        search={{ label: t(`admin.${kind}.search`), value: search.text, onChange: search.setText }}
        filter={filter}
      />
      <PagedListView
        list={list}
        loading={<p className="list-loading">{t('common.loading')}</p>}
        failureMessage={t(`admin.${kind}.errors.fetch`)}
        q={search.q}
        empty={<Callout>{t(`admin.${kind}.empty`)}</Callout>}
        label={t(`admin.tabs.${kind}`)}
        className="admin-list"
        estimateSize={estimateSize}
        getKey={(item) => item.id}
        renderItem={renderItem}
      />
      {children}
    </div>
  );
}
