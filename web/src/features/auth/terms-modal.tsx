import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { $api } from '../../lib/api/client.ts';
import type { CurrentUser } from '../../lib/api/types.ts';
import { browser } from '../../lib/browser.ts';
import { useNotify } from '../../lib/notifications/notifications-context.tsx';
import { useSetCurrentUser } from '../../lib/session/current-user.ts';
import { isPdfAvailable, termsFileName, termsUrl } from '../../lib/static-documents.ts';
import { useLogout } from './use-logout.ts';

export const TERMS_ERROR_DURATION = 7000;

/** Blocks the app until the terms version `termsId` is accepted; 'No' logs out. */
export function TermsModal({ user, termsId }: { user: CurrentUser; termsId: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const logout = useLogout();
  const setCurrentUser = useSetCurrentUser();
  const accept = $api.useMutation('put', '/api/v1/users/terms/{termsId}/accept', {
    onSuccess: (updated) => setCurrentUser(updated),
    meta: { errorMessage: 'errors.acceptTncFailure' },
    onError: () => void logout(),
  });

  const viewTerms = async () => {
    const url = termsUrl(termsId, user.role);
    if (await isPdfAvailable(url)) {
      browser.openInNewTab(url);
      return;
    }
    notify.error(t('errors.fileMissing', { file: termsFileName(termsId, user.role) }), TERMS_ERROR_DURATION);
    void logout();
  };

  return (
    <Modal
      open
      onOpenChange={() => undefined}
      blocking
      title={t('terms.title')}
      description={t('terms.question')}
      footer={
        <>
          <Button variant="secondary" onClick={() => void logout()} disabled={accept.isPending}>
            {t('terms.decline')}
          </Button>
          <Button loading={accept.isPending} onClick={() => accept.mutate({ params: { path: { termsId } } })}>
            {t('terms.accept')}
          </Button>
        </>
      }
    >
      <button type="button" className="link-button" onClick={() => void viewTerms()}>
        {t('terms.view')} <span className="visually-hidden">{t('common.opensInNewTab')}</span>
      </button>
    </Modal>
  );
}
