import { useTranslation } from 'react-i18next';

type SpinnerProps = { label?: string; size?: 'sm' | 'md' | 'lg'; decorative?: boolean };

/** A busy indicator; announces its label unless `decorative` (e.g. inside a labelled button). */
export function Spinner({ label, size = 'md', decorative = false }: SpinnerProps) {
  const { t } = useTranslation();
  if (decorative) return <span className={`ui-spinner ui-spinner--${size}`} aria-hidden="true" />;
  return (
    <span className="ui-spinner-wrap" role="status">
      <span className={`ui-spinner ui-spinner--${size}`} aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </span>
  );
}
