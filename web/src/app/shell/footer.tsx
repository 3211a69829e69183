import { useTranslation } from 'react-i18next';
import { ChevronDownIcon, DownloadIcon } from '../../components/ui/icons.tsx';
import { Menu, MenuItem } from '../../components/ui/menu.tsx';
import type { CurrentUser } from '../../lib/api/types.ts';
import { useBranding } from '../../lib/branding.ts';
import { isInactiveAgent } from '../../lib/session/current-user.ts';
import { type CatalogueDocument, catalogueUrl, useOpenStaticDocument } from '../../lib/static-documents.ts';

const CATALOGUE_LABELS = {
  'Vehicle Data': 'shell.catalogueItems.vehicleData',
  'Home Charger Data': 'shell.catalogueItems.homeChargerData',
  'Data Prices': 'shell.catalogueItems.dataPrices',
} as const satisfies Record<CatalogueDocument, string>;

/** Data Prices is for agents only. */
export function catalogueDocumentsFor(user: CurrentUser): CatalogueDocument[] {
  const documents: CatalogueDocument[] = ['Vehicle Data', 'Home Charger Data'];
  if (user.role === 'agent') documents.push('Data Prices');
  return documents;
}

/** Rights, support contact and catalogue downloads; nothing without a user or for an agent not yet active. */
export function Footer({ user }: { user: CurrentUser | null }) {
  const { t } = useTranslation();
  const { manufacturer, supportEmail } = useBranding();
  const openDocument = useOpenStaticDocument();
  if (!user || isInactiveAgent(user)) return null;

  return (
    <footer className="app-footer">
      <p className="app-footer__rights">{t('shell.rights', { manufacturer })}</p>
      {supportEmail && (
        <p className="app-footer__support">
          <a href={`mailto:${supportEmail}`}>{t('shell.support', { email: supportEmail })}</a>
        </p>
      )}
      <Menu
        align="end"
        label={t('shell.catalogue')}
        trigger={
          <button type="button" className="ui-button ui-button--secondary ui-button--sm">
            <DownloadIcon size={16} />
            {t('shell.catalogue')}
            <ChevronDownIcon size={16} />
          </button>
        }
      >
        {catalogueDocumentsFor(user).map((document) => (
          <MenuItem
            key={document}
            onSelect={() => void openDocument(catalogueUrl(document), `${document}.pdf`)}
          >
            {t(CATALOGUE_LABELS[document])}
          </MenuItem>
        ))}
      </Menu>
    </footer>
  );
}
