import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { $api } from '../../../lib/api/client.ts';

export const agentStatusQueryKey = $api.queryOptions('get', '/api/v1/agents').queryKey;

/** GET /api/v1/agents; a failure shows a notification and goes to /login (docs/product-rules.md, Errors). */
export function useAgentStatus() {
  const navigate = useNavigate();
  const query = $api.useQuery(
    'get',
    '/api/v1/agents',
    {},
    { meta: { errorMessage: 'registration.errors.status' } },
  );
  const { isError } = query;
  useEffect(() => {
    if (isError) navigate('/login', { replace: true });
  }, [isError, navigate]);
  return query;
}
