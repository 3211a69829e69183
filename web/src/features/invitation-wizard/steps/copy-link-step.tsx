import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Callout } from '../../../components/ui/callout.tsx';
import { CheckIcon, CopyIcon } from '../../../components/ui/icons.tsx';
import { formatDate } from '../../../lib/intl-format.ts';
import { useNotify } from '../../../lib/notifications/notifications-context.tsx';

export const COPY_COOLDOWN_MS = 5000;

export function invitationLink(code: string): string {
  return `${window.location.origin}/redeem/${code}`;
}

/** Step 2: the code and link to send, with a copy button that rests for 5 s after a copy. */
export function CopyLinkStep({ code, expiresAt }: { code: string; expiresAt: string | undefined }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [copied, setCopied] = useState(false);
  const link = invitationLink(code);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_COOLDOWN_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      notify.error(t('wizard.errors.copy'));
    }
  };

  return (
    <div className="wizard-step">
      <p className="wizard-step__counter">{t('wizard.step2')}</p>
      <h3>{t('wizard.copyLink')}</h3>
      <dl className="details-list wizard-link">
        <dt>{t('wizard.code')}</dt>
        <dd className="wizard-link__code">{code}</dd>
        <dt>{t('wizard.link')}</dt>
        <dd className="wizard-link__value">{link}</dd>
      </dl>
      <div className="wizard-link__actions">
        <Button
          variant="secondary"
          icon={copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
          disabled={copied}
          onClick={() => void copy()}
        >
          {copied ? t('wizard.copied') : t('wizard.copy')}
        </Button>
        <span className="visually-hidden" role="status">
          {copied ? t('wizard.copied') : ''}
        </span>
      </div>
      {expiresAt && (
        <p className="wizard-step__muted">{t('wizard.expires', { date: formatDate(expiresAt) })}</p>
      )}
      <Callout type="warning">{t('wizard.careful')}</Callout>
    </div>
  );
}
