import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabPanel, Tabs } from '../../components/ui/tabs.tsx';
import { ApplicationsPanel } from './components/applications-panel.tsx';
import { SharingsPanel } from './components/sharings-panel.tsx';
import './admin.css';

type View = 'applications' | 'sharings';

/** /admin: validate company applications and suspend or resume data sharing. */
export function AdminPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('applications');
  return (
    <div className="page admin-page">
      <header className="page__header">
        <div>
          <h1>{t('admin.title')}</h1>
          <p className="page__subtitle">{t('admin.subtitle')}</p>
        </div>
      </header>
      <Tabs
        value={view}
        onValueChange={(value) => setView(value === 'sharings' ? 'sharings' : 'applications')}
        label={t('admin.tabs.label')}
        items={[
          { value: 'applications', label: t('admin.tabs.applications') },
          { value: 'sharings', label: t('admin.tabs.sharings') },
        ]}
      >
        <TabPanel value="applications">
          <ApplicationsPanel />
        </TabPanel>
        <TabPanel value="sharings">
          <SharingsPanel />
        </TabPanel>
      </Tabs>
    </div>
  );
}
