import { RegistrationPage } from '../../features/registration/registration-page.tsx';
import { RouteGuard } from '../shell/route-guard.tsx';

/** /agent-registration: agents that are not active yet. */
export function AgentRegistrationRoute() {
  return (
    <RouteGuard roles={['agent']} agentActive={false}>
      <RegistrationPage />
    </RouteGuard>
  );
}
