import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { CurrentUser } from '../../lib/api/types.ts';
import { useCurrentUser, useSetCurrentUser } from '../../lib/session/current-user.ts';
import { useAgentStatus } from './api/use-agent-status.ts';
import { PendingReview, RejectedReview } from './components/review-status.tsx';
import { RegistrationForm } from './registration-form.tsx';
import './registration.css';

/** An approved company moves on to /users; the session learns the new status first, for the guard. */
function ActiveRedirect({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const setCurrentUser = useSetCurrentUser();
  useEffect(() => {
    setCurrentUser({ ...user, agentStatus: 'active' });
    navigate('/users', { replace: true });
  }, [navigate, setCurrentUser, user]);
  return null;
}

/** /agent-registration: the form before registering, then the review state of the application. */
export function RegistrationPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const setCurrentUser = useSetCurrentUser();
  const { data, isError } = useAgentStatus();

  if (!user || isError || data === undefined) {
    return (
      <div className="page registration-loading" aria-busy="true">
        <Spinner size="lg" label={t('registration.loading')} />
      </div>
    );
  }
  switch (data.status) {
    case null:
      return (
        <div className="page">
          <RegistrationForm
            userId={user.id}
            onSubmitted={() => setCurrentUser({ ...user, agentStatus: 'pending' })}
          />
        </div>
      );
    case 'pending':
      return (
        <div className="page">
          <PendingReview email={user.email} />
        </div>
      );
    case 'rejected':
      return (
        <div className="page">
          <RejectedReview />
        </div>
      );
    case 'active':
      return <ActiveRedirect user={user} />;
  }
}
