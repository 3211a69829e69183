import { useState } from 'react';
import { InvitationWizard } from '../../features/invitation-wizard/invitation-wizard.tsx';
import { PermissionsModal } from '../../features/permissions/permissions-modal.tsx';
import { RecipientsPage } from '../../features/recipients/recipients-page.tsx';

/** /agents: the data recipients page with the invitation wizard and the permissions modal it opens. */
export default function AgentsRoute() {
  const [wizardOpen, setWizardOpen] = useState(false);
  const [permissionsFor, setPermissionsFor] = useState<string | null>(null);
  return (
    <>
      <RecipientsPage onInvite={() => setWizardOpen(true)} onViewPermissions={setPermissionsFor} />
      <InvitationWizard open={wizardOpen} onOpenChange={setWizardOpen} />
      <PermissionsModal role="user" invitationId={permissionsFor} onClose={() => setPermissionsFor(null)} />
    </>
  );
}
