import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import type { InvitationEntry } from '../recipient-status.ts';

export type ConfirmKind = 'accept' | 'decline' | 'revokeAgent' | 'deleteInvitation';
export type PendingConfirm = { kind: ConfirmKind; entry: InvitationEntry };

const TEXTS = {
  accept: 'recipients.confirmAccept',
  decline: 'recipients.confirmDecline',
  revokeAgent: 'recipients.confirmRevokeAgent',
  deleteInvitation: 'recipients.confirmDeleteInvitation',
} as const;

type RecipientConfirmModalProps = {
  pending: PendingConfirm | null;
  loading: boolean;
  onConfirm: (pending: PendingConfirm) => void;
  onCancel: () => void;
};

export function RecipientConfirmModal({ pending, loading, onConfirm, onCancel }: RecipientConfirmModalProps) {
  const { t } = useTranslation();
  const texts = TEXTS[pending?.kind ?? 'accept'];
  const entry = pending?.entry;
  const vars = { name: entry?.displayName ?? entry?.code ?? '', code: entry?.code ?? '' };
  return (
    <ConfirmModal
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={t(`${texts}.title`)}
      body={t(`${texts}.body`, vars)}
      primaryLabel={t(`${texts}.primary`)}
      secondaryLabel={t(`${texts}.secondary`)}
      primaryVariant={pending?.kind === 'accept' ? 'primary' : 'danger'}
      loading={loading}
      onPrimary={() => {
        if (pending) onConfirm(pending);
      }}
    />
  );
}
