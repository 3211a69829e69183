import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ChevronDownIcon } from '../../../components/ui/icons.tsx';
import type { ListItemProps } from '../../../components/virtual-list.tsx';
import { formatDate } from '../../../lib/intl-format.ts';
import type { AgentApplication, ApplicationStatus, Decision } from '../api/use-applications.ts';
import { AdminCard, AdminCardActions } from './admin-card.tsx';
import { ApplicationDetails } from './application-details.tsx';

const TONE: Record<ApplicationStatus, BadgeTone> = {
  pending: 'pending',
  active: 'active',
  rejected: 'declined',
};

export type ApplicationCardProps = {
  application: AgentApplication;
  onDecide: (decision: Decision) => void;
  /** Position and measuring from the virtual list. */
  listItem?: ListItemProps;
};

export function ApplicationCard({ application, onDecide, listItem }: ApplicationCardProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const { displayName, legalName } = application.registration;
  return (
    <AdminCard
      listItem={listItem}
      leading={<Avatar name={displayName} variant={application.status === 'pending' ? 'dotted' : 'normal'} />}
      title={displayName}
      lines={[legalName]}
      meta={[
        application.email,
        t('admin.applications.submitted', { date: formatDate(application.submittedAt) }),
      ]}
      badge={
        <Badge tone={TONE[application.status]}>{t(`admin.applicationStatus.${application.status}`)}</Badge>
      }
    >
      <div className="row-spread admin-card__actions">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={detailsId}
          icon={<ChevronDownIcon size={16} className={open ? 'admin-card__chevron--open' : undefined} />}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? t('admin.applications.hideDetails') : t('admin.applications.showDetails')}
        </Button>
        {application.status === 'pending' && (
          <AdminCardActions
            actions={['reject', 'approve'] as const}
            undo="reject"
            label={(decision) => t(`admin.applications.${decision}`)}
            onAction={onDecide}
          />
        )}
      </div>
      {open && <ApplicationDetails id={detailsId} application={application} />}
    </AdminCard>
  );
}
