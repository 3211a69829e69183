import { RegistrationPage } from '../../features/registration/registration-page.tsx';

/** /agent-registration (companies not active yet): the registration form, or its review. */
export default function AgentRegistrationRoute() {
  return <RegistrationPage />;
}
