import { useTranslation } from 'react-i18next';
import { formatCountry } from '../../../lib/country-names.ts';
import { formatDate, formatFileSize } from '../../../lib/intl-format.ts';
import type { AgentApplication } from '../api/use-applications.ts';

/** Every registration field of an application and its documents. */
export function ApplicationDetails({ id, application }: { id: string; application: AgentApplication }) {
  const { t } = useTranslation();
  const { registration: r } = application;
  const yesNo = (value: boolean) => (value ? t('common.yes') : t('common.no'));
  const title = r.representative.title ? `${t(`registration.titles.${r.representative.title}`)} ` : '';
  const rows: [string, string][] = [
    [t('registration.legalName'), r.legalName],
    [t('registration.displayName'), r.displayName],
    [t('registration.vatNumber'), r.vatNumber],
    [t('registration.country'), `${formatCountry(r.country)} (${r.country})`],
    [t('registration.site'), r.site ?? '—'],
    [t('registration.type'), t(`registration.types.${r.type}`)],
    [t('registration.sanction'), yesNo(r.sanction)],
    [t('registration.gatekeeper'), yesNo(r.gatekeeper)],
    [t('registration.representative'), `${title}${r.representative.firstname} ${r.representative.surname}`],
    [t('admin.applications.account'), `${application.fullName} (${application.email})`],
    [t('admin.applications.submittedAt'), formatDate(application.submittedAt)],
    [t('admin.applications.decidedAt'), formatDate(application.decidedAt) || '—'],
  ];
  return (
    <div id={id} className="admin-details">
      <dl className="details-list grid-columns admin-details__fields">
        {rows.map(([label, value]) => (
          <div key={label} className="admin-details__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h4 className="admin-details__heading">{t('registration.documents')}</h4>
      {application.files.length === 0 ? (
        <p>{t('admin.applications.noDocuments')}</p>
      ) : (
        <ul className="admin-details__files">
          {application.files.map((file) => (
            <li key={file.id}>
              <span className="admin-details__section">{t(`registration.sections.${file.section}`)}</span>
              <a
                href={`/api/v1/admin/files/${encodeURIComponent(file.id)}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                {file.filename}
                <span className="visually-hidden"> {t('common.opensInNewTab')}</span>
              </a>
              <span className="admin-details__size">{formatFileSize(file.size)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
