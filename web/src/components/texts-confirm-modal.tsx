import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ConfirmModal, type ConfirmModalProps } from './ui/confirm-modal.tsx';

/**
 * Where a confirmation's texts are written: `<texts>.title`, `.body` (with its names filled in),
 * `.primary` and, where it has its own, `.secondary` (Cancel otherwise).
 */
export type ConfirmTexts =
  | 'products.confirmEnable'
  | 'products.confirmDisable'
  | 'recipients.confirmAccept'
  | 'recipients.confirmDecline'
  | 'recipients.confirmRevokeAgent'
  | 'recipients.confirmDeleteInvitation'
  | 'connectedUsers.confirmRemove'
  | 'admin.applications.confirmApprove'
  | 'admin.applications.confirmReject'
  | 'admin.sharings.confirmSuspend'
  | 'admin.sharings.confirmResume';

/** The names a confirmation's body may name. */
type ConfirmValues = Partial<Record<'name' | 'code' | 'owner' | 'agent', string>>;

type TextsConfirmModalProps = Omit<
  ConfirmModalProps,
  'title' | 'body' | 'primaryLabel' | 'secondaryLabel'
> & {
  texts: ConfirmTexts;
  values?: ConfirmValues;
};

/** A confirmation whose texts come from one place in the language packs (one component for every screen). */
export function TextsConfirmModal({ texts, values = {}, ...modal }: TextsConfirmModalProps) {
  const { t, i18n } = useTranslation();
  const secondary = `${texts}.secondary`;
  return (
    <ConfirmModal
      {...modal}
      title={t(`${texts}.title`)}
      body={t(`${texts}.body`, values as Required<ConfirmValues>)}
      primaryLabel={t(`${texts}.primary`)}
      secondaryLabel={i18n.exists(secondary) ? t(secondary as ParseKeys) : t('common.cancel')}
    />
  );
}
