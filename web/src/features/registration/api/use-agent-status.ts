import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { $api } from '../../../lib/api/client.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';

export const agentStatusQueryKey = $api.queryOptions('get', '/api/v1/agents').queryKey;

/** GET /api/v1/agents; a failure shows a notification and goes to /login (docs/product-rules.md, Errors). */
export function useAgentStatus() {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const query = $api.useQuery('get', '/api/v1/agents');
  const { isError } = query;
  useEffect(() => {
    if (!isError) return;
    notify.error(t('registration.errors.status'));
    navigate('/login', { replace: true });
  }, [isError, navigate, notify, t]);
  return query;
}
