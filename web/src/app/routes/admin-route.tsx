import { AdminPage } from '../../features/admin/admin-page.tsx';

/** /admin (admins): company applications and data sharings. */
export default function AdminRoute() {
  return <AdminPage />;
}
