import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useUrlChoice } from '../../lib/url-state/use-url-choice.ts';
import { ApplicationsPanel } from './components/applications-panel.tsx';
import { SharingsPanel } from './components/sharings-panel.tsx';
import './admin.css';

const VIEWS = ['applications', 'sharings'] as const;

/** /admin: validate company applications and suspend or resume data sharing. */
export function AdminPage() {
  const { t } = useTranslation();
  const [view, setView] = useUrlChoice('tab', VIEWS);
  return (
    <div className="page admin-page">
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <Tabs
        value={view}
        onValueChange={(value) => setView(value === 'sharings' ? 'sharings' : 'applications')}
        label={t('admin.tabs.label')}
        items={[
          { value: 'applications', label: t('admin.tabs.applications'), panel: <ApplicationsPanel /> },
          { value: 'sharings', label: t('admin.tabs.sharings'), panel: <SharingsPanel /> },
        ].map((item) => ({
          ...item,
          // The cards' titles are h3: the panel's h2 keeps the heading levels in order.
          panel: (
            <>
              <h2 className="visually-hidden">{item.label}</h2>
              {item.panel}
            </>
          ),
        }))}
      />
    </div>
  );
}
