import { useTranslation } from 'react-i18next';
import { Callout } from '../../../components/ui/callout.tsx';
import { DocumentSection } from './document-section.tsx';
import { requiredSections, SECTIONS } from './file-rules.ts';
import type { DocumentFiles } from './use-document-files.ts';

export type DocumentsFieldsetProps = {
  documents: DocumentFiles;
  companyType: string;
  /** After a submit attempt, empty required sections are flagged. */
  showMissing: boolean;
};

export function DocumentsFieldset({ documents, companyType, showMissing }: DocumentsFieldsetProps) {
  const { t } = useTranslation();
  const required = requiredSections(companyType);
  return (
    <section className="card registration-form__section" aria-labelledby="registration-documents">
      <h2 id="registration-documents">{t('registration.documents')}</h2>
      <Callout>{t('registration.translationNote')}</Callout>
      <div className="registration-form__documents">
        {SECTIONS.map((section) => {
          const isRequired = required.includes(section);
          return (
            <DocumentSection
              key={section}
              label={t(`registration.sections.${section}`)}
              required={isRequired}
              files={documents.files[section]}
              errors={documents.errors[section]}
              missing={showMissing && isRequired && !documents.hasUploaded(section)}
              onAdd={(files) => void documents.add(section, files)}
              onRemove={(key) => void documents.remove(section, key)}
            />
          );
        })}
      </div>
    </section>
  );
}
