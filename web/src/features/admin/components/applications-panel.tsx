import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Callout } from '../../../components/ui/callout.tsx';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { ChevronDownIcon } from '../../../components/ui/icons.tsx';
import { Menu, MenuRadioGroup } from '../../../components/ui/menu.tsx';
import {
  type AgentApplication,
  type ApplicationStatus,
  type Decision,
  useApplications,
  useDecideApplication,
} from '../api/use-applications.ts';
import { ApplicationCard } from './application-card.tsx';

type StatusFilter = ApplicationStatus | 'all';
const FILTERS: readonly StatusFilter[] = ['pending', 'active', 'rejected', 'all'];
const isFilter = (value: string): value is StatusFilter => (FILTERS as readonly string[]).includes(value);

export function ApplicationsPanel() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<StatusFilter>('pending');
  const [pending, setPending] = useState<{ application: AgentApplication; decision: Decision } | null>(null);
  const list = useApplications(filter);
  const decide = useDecideApplication();
  const name = pending?.application.registration.displayName ?? '';
  const confirm = pending?.decision === 'reject' ? 'confirmReject' : 'confirmApprove';
  return (
    <div className="admin-panel">
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
      {list.isPending && <p className="admin-panel__loading">{t('common.loading')}</p>}
      {list.isError && !list.data && <Callout type="warning">{t('admin.applications.errors.fetch')}</Callout>}
      {list.data?.length === 0 && <Callout>{t('admin.applications.empty')}</Callout>}
      {list.data && list.data.length > 0 && (
        <ul className="admin-list" aria-label={t('admin.tabs.applications')}>
          {list.data.map((application) => (
            <ApplicationCard
              key={application.id}
              application={application}
              onDecide={(decision) => setPending({ application, decision })}
            />
          ))}
        </ul>
      )}
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
          pending && decide.decide(pending.decision, pending.application.id, () => setPending(null))
        }
      />
    </div>
  );
}
