import { ConnectedUsersPage } from '../../features/connected-users/connected-users-page.tsx';
import { RouteGuard } from '../shell/route-guard.tsx';

/** /users: active agents only. */
export function UsersRoute() {
  return (
    <RouteGuard roles={['agent']} agentActive>
      <ConnectedUsersPage onViewPermissions={() => undefined} />
    </RouteGuard>
  );
}
