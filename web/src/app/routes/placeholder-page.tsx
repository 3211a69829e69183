import { useTranslation } from 'react-i18next';

type PlaceholderKey = 'recipients.title' | 'registration.formTitle' | 'connectedUsers.title' | 'admin.title';

/** Stands in for a screen another feature delivers; keeps the route, guard and heading in place. */
export function PlaceholderPage({ titleKey }: { titleKey: PlaceholderKey }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page__header">
        <h1>{t(titleKey)}</h1>
      </header>
    </div>
  );
}
