import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { $api, client } from '../../../lib/api/client.ts';
import type { Schemas } from '../../../lib/api/types.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';
import { usePagedList } from '../../../lib/paged-list/use-paged-list.ts';

export type Sharing = Schemas['Sharing'];
export type SharingAction = 'suspend' | 'resume';

const LIST_PATH = '/api/v1/admin/sharings';
const listKey = $api.queryOptions('get', LIST_PATH).queryKey.slice(0, 2);

/** GET /api/v1/admin/sharings page by page (search `q` in the database). */
export function useSharings(q: string) {
  return usePagedList({
    queryKey: listKey,
    q,
    fetchPage: (query, signal) => client.GET(LIST_PATH, { params: { query }, signal }),
    meta: { errorMessage: 'admin.sharings.errors.fetch' },
  });
}

/** Suspend an accepted sharing or resume one an admin paused. */
export function useSharingAction() {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const handlers = (action: SharingAction) => ({
    onSuccess: () => notify.success(t(`admin.sharings.success.${action}`)),
    meta: {
      errorMessage: `admin.sharings.errors.${action}`,
      errorMessages: {
        SHARING_NOT_FOUND: 'admin.sharings.errors.notFound',
        INVALID_SHARING_STATE: 'admin.sharings.errors.invalidState',
      },
    } as const,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
  const suspend = $api.useMutation('put', '/api/v1/admin/sharings/{id}/suspend', handlers('suspend'));
  const resume = $api.useMutation('put', '/api/v1/admin/sharings/{id}/resume', handlers('resume'));
  return {
    isPending: suspend.isPending || resume.isPending,
    run: (action: SharingAction, id: string, onDone: () => void) => {
      const mutation = action === 'suspend' ? suspend : resume;
      mutation.mutate({ params: { path: { id } } }, { onSettled: onDone });
    },
  };
}
