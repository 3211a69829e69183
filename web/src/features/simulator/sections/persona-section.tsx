import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { $api } from '../../../lib/api/client.ts';
import type { CurrentUser } from '../../../lib/api/types.ts';
import { currentUserQueryKey, homePathFor, useCurrentUser } from '../../../lib/session/current-user.ts';
import { SectionState } from '../section-state.tsx';
import { useSimulatorFailure, useWorldChanged } from '../use-world-change.ts';

function stateOf(persona: CurrentUser, t: ReturnType<typeof useTranslation>['t']): string {
  if (persona.termsToAccept) return t('persona.termsPending');
  if (persona.role === 'agent') return t(`persona.agent.${persona.agentStatus ?? 'unregistered'}`);
  return t('persona.active');
}

const SIGNED_OUT_PAGES = ['/login', '/auth/'];

/** Every account of the current world; one click signs in as it and keeps the page where allowed. */
export function PersonaSection() {
  const { t } = useTranslation('simulator');
  const personas = $api.useQuery('get', '/api/v1/sim/personas');
  const { data: current } = useCurrentUser();
  const queryClient = useQueryClient();
  const worldChanged = useWorldChanged();
  const failed = useSimulatorFailure();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const switchTo = $api.useMutation('post', '/api/v1/sim/persona', {
    onSuccess: async (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      // Signed-out pages have nothing to keep: go where the persona starts. Elsewhere the route guard
      // keeps the page when the persona may see it.
      if (SIGNED_OUT_PAGES.some((page) => pathname.startsWith(page))) navigate(homePathFor(user));
      await worldChanged();
    },
    onError: failed,
  });
  return (
    <SectionState query={personas}>
      <ul className="simulator__list" aria-label={t('persona.list')}>
        {personas.data?.map((persona) => {
          const isCurrent = current?.email === persona.email;
          return (
            <li key={persona.id}>
              <Button
                variant={isCurrent ? 'primary' : 'secondary'}
                size="sm"
                className="simulator__persona"
                aria-pressed={isCurrent}
                loading={switchTo.isPending && switchTo.variables?.body.email === persona.email}
                onClick={() => switchTo.mutate({ body: { email: persona.email } })}
              >
                <span className="simulator__persona-name">{persona.fullName}</span>
                <span className="simulator__muted">
                  {persona.email} · {t(`persona.role.${persona.role}`)} · {stateOf(persona, t)}
                </span>
              </Button>
            </li>
          );
        })}
      </ul>
    </SectionState>
  );
}
