import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
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
import { AdminListPanel } from './admin-list-panel.tsx';
import { ApplicationCard } from './application-card.tsx';

type StatusFilter = ApplicationStatus | 'all';
const FILTERS = ['pending', 'active', 'rejected', 'all'] as const satisfies readonly StatusFilter[];
const isFilter = (value: string): value is StatusFilter => (FILTERS as readonly string[]).includes(value);

export function ApplicationsPanel() {
  const { t } = useTranslation();
  const [filter, setFilter] = useUrlChoice('status', FILTERS);
  const [pending, setPending] = useState<{ application: AgentApplication; decision: Decision } | null>(null);
  const search = useSearchParam();
  const list = useApplications(filter, search.q);
  const decide = useDecideApplication();
  const name = pending?.application.registration.displayName ?? '';
  const confirm = pending?.decision === 'reject' ? 'confirmReject' : 'confirmApprove';
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
          onDecide={(decision) => setPending({ application, decision })}
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
      <ConfirmModal
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={t(`admin.applications.${confirm}.title`)}
        body={t(`admin.applications.${confirm}.body`, { name })}
        primaryLabel={t(`admin.applications.${confirm}.primary`)}
        secondaryLabel={t('common.cancel')}
        primaryVariant={pending?.decision === 'reject' ? 'danger' : 'primary'}
        loading={decide.isPending}
        onPrimary={() =>
          pending && decide.run(pending.decision, pending.application.id, () => setPending(null))
        }
      />
    </AdminListPanel>
  );
}
