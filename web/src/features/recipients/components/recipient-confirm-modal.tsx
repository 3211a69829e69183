import { TextsConfirmModal } from '../../../components/texts-confirm-modal.tsx';
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
  const texts = TEXTS[pending?.kind ?? 'accept'];
  const entry = pending?.entry;
  const values = { name: entry?.displayName ?? entry?.code ?? '', code: entry?.code ?? '' };
  return (
    <TextsConfirmModal
      texts={texts}
      values={values}
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      primaryVariant={pending?.kind === 'accept' ? 'primary' : 'danger'}
      loading={loading}
      onPrimary={() => {
        if (pending) onConfirm(pending);
      }}
    />
  );
}
