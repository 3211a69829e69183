import { useTranslation } from 'react-i18next';
import { FilterMenu } from '../../../components/filter-menu.tsx';
import { useSearchParam } from '../../../lib/paged-list/use-search-param.ts';
import { useUrlChoice } from '../../../lib/url-state/use-url-choice.ts';
import {
  type AgentApplication,
  type ApplicationStatus,
  type Decision,
  useApplications,
  useDecideApplication,
} from '../api/use-applications.ts';
import { AdminActionConfirm, usePendingAction } from './admin-action-confirm.tsx';
import { AdminListPanel } from './admin-list-panel.tsx';
import { ApplicationCard } from './application-card.tsx';

type StatusFilter = ApplicationStatus | 'all';
const FILTERS = ['pending', 'active', 'rejected', 'all'] as const satisfies readonly StatusFilter[];

export function ApplicationsPanel() {
  const { t } = useTranslation();
  const [filter, setFilter] = useUrlChoice('status', FILTERS);
  const { pending, ask, close } = usePendingAction<AgentApplication, Decision>();
  const search = useSearchParam();
  const list = useApplications(filter, search.q);
  const decide = useDecideApplication();
  return (
    <AdminListPanel
      kind="applications"
      list={list}
      search={search}
      estimateSize={150}
      renderItem={(application, listItem) => (
        <ApplicationCard
          listItem={listItem}
          application={application}
          onDecide={(decision) => ask(application, decision)}
        />
      )}
      filter={
        <FilterMenu
          label={t('admin.filter.label')}
          value={filter}
          onChange={setFilter}
          options={FILTERS.map((value) => ({ value, label: t(`admin.filter.${value}`) }))}
        />
      }
    >
      <AdminActionConfirm
        texts={{ approve: 'admin.applications.confirmApprove', reject: 'admin.applications.confirmReject' }}
        pending={pending}
        onClose={close}
        actions={decide}
        danger="reject"
        safe="approve"
        values={{ name: pending?.item.registration.displayName ?? '' }}
      />
    </AdminListPanel>
  );
}
