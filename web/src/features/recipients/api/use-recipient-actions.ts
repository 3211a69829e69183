import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../lib/api/api-error.ts';
import { $api } from '../../../lib/api/client.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';
import type { InvitationEntry } from '../recipient-status.ts';
import { claimedListsKey, unclaimedListsKey } from './invitation-list-keys.ts';
import { decisionErrorKey, revokeErrorKey } from './recipient-errors.ts';

export type Decision = 'accept' | 'decline';

/** Accept or decline a pending recipient, revoke a recipient or delete a link; never retried. */
export function useRecipientActions() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();

  const refreshLists = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: claimedListsKey }),
      queryClient.invalidateQueries({ queryKey: unclaimedListsKey }),
    ]);

  const decideMutation = $api.useMutation('put', '/api/v1/invitations/{id}/redeem/{decision}', {
    onSuccess: (_entry, { params }) => {
      notify.success(
        t(params.path.decision === 'accept' ? 'recipients.success.accept' : 'recipients.success.decline'),
      );
      void refreshLists();
    },
    onError: (error, { params }) =>
      notify.apiError(t(decisionErrorKey(errorCodeOf(error), params.path.decision)), error),
  });

  const revokeMutation = $api.useMutation('put', '/api/v1/invitations/{id}/revoke');

  // Spec section 5: the id is uppercased in the accept/decline call (a real back end may need it).
  const decide = (entry: InvitationEntry, decision: Decision, onSettled?: () => void) =>
    decideMutation.mutate({ params: { path: { id: entry.id.toUpperCase(), decision } } }, { onSettled });

  const revoke = (entry: InvitationEntry, onSettled?: () => void) => {
    const kind = entry.type;
    revokeMutation.mutate(
      { params: { path: { id: entry.id } } },
      {
        onSuccess: () => {
          notify.success(
            t(kind === 'agent' ? 'recipients.success.revokeAgent' : 'recipients.success.revokeInvitation'),
          );
          void refreshLists();
        },
        onError: (error) => notify.apiError(t(revokeErrorKey(errorCodeOf(error), kind)), error),
        onSettled,
      },
    );
  };

  return { decide, revoke, busy: decideMutation.isPending || revokeMutation.isPending };
}
