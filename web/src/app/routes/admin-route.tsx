import { AdminPage } from '../../features/admin/admin-page.tsx';
import { RouteGuard } from '../shell/route-guard.tsx';

/** /admin: admins only. */
export function AdminRoute() {
  return (
    <RouteGuard roles={['admin']}>
      <AdminPage />
    </RouteGuard>
  );
}
