import { useTranslation } from 'react-i18next';
import { InfoIcon, WarningIcon } from '../../../components/ui/icons.tsx';
import { useBranding } from '../../../lib/branding.ts';

/** pending: submitted for validation, revisit later, an email notification follows. */
export function PendingReview({ email }: { email: string }) {
  const { t } = useTranslation();
  const { supportEmail } = useBranding();
  return (
    <section className="card review-status review-status--pending" aria-labelledby="review-title">
      <InfoIcon className="review-status__icon" size={32} />
      <h1 id="review-title">{t('registration.pending.title')}</h1>
      <p>{t('registration.pending.body', { email })}</p>
      {supportEmail && (
        <p className="review-status__support">{t('registration.pending.support', { email: supportEmail })}</p>
      )}
    </section>
  );
}

/** rejected: not approved; an admin will make contact. */
export function RejectedReview() {
  const { t } = useTranslation();
  return (
    <section className="card review-status review-status--rejected" aria-labelledby="review-title">
      <WarningIcon className="review-status__icon" size={32} />
      <h1 id="review-title">{t('registration.rejected.title')}</h1>
      <p>{t('registration.rejected.body')}</p>
    </section>
  );
}
