import { useTranslation } from 'react-i18next';

/** A label text with the '(optional)' marker for fields that may be left empty. */
export function LabelText({ text, optional }: { text: string; optional: boolean }) {
  const { t } = useTranslation();
  if (!optional) return <>{text}</>;
  return (
    <>
      {text} <span className="form-field__optional">{t('common.optional')}</span>
    </>
  );
}
