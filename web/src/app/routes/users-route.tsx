import { useState } from 'react';
import { ConnectedUsersPage } from '../../features/connected-users/connected-users-page.tsx';
import { PermissionsModal } from '../../features/permissions/permissions-modal.tsx';

type Viewing = { invitationId: string; fullName: string };

/** /users (active agents only): the connected users, with the company-side permissions modal. */
export default function UsersRoute() {
  const [viewing, setViewing] = useState<Viewing | null>(null);
  return (
    <>
      <ConnectedUsersPage
        onViewPermissions={(invitationId, fullName) => setViewing({ invitationId, fullName })}
      />
      <PermissionsModal
        role="agent"
        invitationId={viewing?.invitationId ?? null}
        subjectName={viewing?.fullName}
        onClose={() => setViewing(null)}
      />
    </>
  );
}
