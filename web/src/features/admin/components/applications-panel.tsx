import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ChevronDownIcon } from '../../../components/ui/icons.tsx';
import { Menu, MenuRadioGroup } from '../../../components/ui/menu.tsx';
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
const isFilter = (value: string): value is StatusFilter => (FILTERS as readonly string[]).includes(value);

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
      toolbar={
        <div className="admin-panel__toolbar">
          <Menu
            align="start"
            trigger={
              <Button variant="secondary" icon={<ChevronDownIcon size={16} />}>
                {`${t('admin.filter.label')}: ${t(`admin.filter.${filter}`)}`}
              </Button>
            }
          >
            <MenuRadioGroup
              label={t('admin.filter.label')}
              value={filter}
              onValueChange={(value) => isFilter(value) && setFilter(value)}
              options={FILTERS.map((value) => ({ value, label: t(`admin.filter.${value}`) }))}
            />
          </Menu>
        </div>
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
