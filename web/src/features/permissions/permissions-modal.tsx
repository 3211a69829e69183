import { useTranslation } from 'react-i18next';
import { CategorySection } from '../../components/category-section.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { Schemas } from '../../lib/api/types.ts';
import { type PermissionsRole, usePermissions } from './api/use-permissions.ts';
import { PermissionItem } from './components/permission-item.tsx';
import './permissions.css';

export type PermissionsModalProps = {
  /** 'user': an invitation's permissions (owner side); 'agent': a connected user's (company side). */
  role: PermissionsRole;
  /** The invitation to show; `null` keeps the modal closed. */
  invitationId: string | null;
  onClose: () => void;
  /** Company side: the connected user's name, used in the subtitle. */
  subjectName?: string;
};

type Entries = readonly Schemas['PermissionEntry'][];

function Category({ title, entries, role }: { title: string; entries: Entries; role: PermissionsRole }) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  const tooltip = t(role === 'user' ? 'permissions.tooltipUser' : 'permissions.tooltipAgent');
  return (
    <CategorySection title={title} tooltip={tooltip} heading="h3">
      {entries.map((entry) => (
        <PermissionItem key={entry.id} entry={entry} role={role} />
      ))}
    </CategorySection>
  );
}

/** Read-only view of what an invitation shares: per product, data and personal data. */
export function PermissionsModal({ role, invitationId, onClose, subjectName }: PermissionsModalProps) {
  const { t } = useTranslation();
  const { data, isPending, isError } = usePermissions(role, invitationId);
  const subtitle =
    role === 'user'
      ? t('permissions.subtitleUser')
      : t('permissions.subtitleAgent', { name: subjectName ?? '' });
  const empty = data && data.vehicles.length + data.wallboxes.length === 0;
  return (
    <Modal
      open={invitationId !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('permissions.title')}
      description={subtitle}
      width={640}
      height={320}
      className="permissions-modal"
      footer={<Button onClick={onClose}>{t('permissions.close')}</Button>}
    >
      {isPending && !isError && <Spinner label={t('permissions.loading')} />}
      {empty && <p>{t('permissions.empty')}</p>}
      {data && !empty && (
        <>
          <p className="permissions-modal__personal">{t('common.personalData')}</p>
          <Category title={t('permissions.vehicles')} entries={data.vehicles} role={role} />
          <Category title={t('permissions.wallboxes')} entries={data.wallboxes} role={role} />
        </>
      )}
    </Modal>
  );
}
