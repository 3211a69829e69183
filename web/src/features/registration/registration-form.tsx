import { type FormEvent, useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useSubmitRegistration } from './api/use-submit-registration.ts';
import { CompanyFields } from './components/company-fields.tsx';
import { RepresentativeFields } from './components/representative-fields.tsx';
import { DocumentsFieldset } from './documents/documents-fieldset.tsx';
import { requiredSections } from './documents/file-rules.ts';
import { useDocumentFiles } from './documents/use-document-files.ts';
import { clearDraft, loadDraft, saveDraft } from './form/draft-storage.ts';
import { toPlainText } from './form/plain-text.ts';
import {
  emptyValues,
  type RegistrationValues,
  TEXT_FIELDS,
  toRegistration,
} from './form/registration-values.ts';

export type RegistrationFormProps = { userId: string; onSubmitted: () => void };

/** 'Complete your account': company, representative and documents; sent only when nothing is flagged. */
export function RegistrationForm({ userId, onSubmitted }: RegistrationFormProps) {
  const { t } = useTranslation();
  const form = useForm<RegistrationValues>({ mode: 'onTouched', defaultValues: loadDraft(userId) });
  const documents = useDocumentFiles();
  const [submitted, setSubmitted] = useState(false);
  const submit = useSubmitRegistration(() => {
    form.reset(emptyValues());
    clearDraft(userId);
    documents.reset();
    setSubmitted(false);
    onSubmitted();
  });
  const companyType = useWatch({ control: form.control, name: 'type' });

  // The draft is kept in this browser until the registration is submitted.
  useEffect(() => {
    const subscription = form.watch((values) =>
      saveDraft(userId, { ...emptyValues(), ...values } as RegistrationValues),
    );
    return () => subscription.unsubscribe();
  }, [form, userId]);

  const send = (values: RegistrationValues) => {
    const missing = requiredSections(values.type).filter((section) => !documents.hasUploaded(section));
    if (missing.length > 0 || documents.busy) return;
    submit.mutate({ body: toRegistration(values, documents.fileIds) });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    for (const name of TEXT_FIELDS) form.setValue(name, toPlainText(form.getValues(name)));
    setSubmitted(true);
    void form.handleSubmit(send)(event);
  };

  return (
    <FormProvider {...form}>
      <form className="registration-form" noValidate onSubmit={onSubmit} aria-labelledby="registration-title">
        <PageHeader
          title={t('registration.formTitle')}
          subtitle={t('registration.formIntro')}
          titleId="registration-title"
        />
        <CompanyFields />
        <RepresentativeFields />
        <DocumentsFieldset documents={documents} companyType={companyType} showMissing={submitted} />
        <div className="registration-form__actions">
          <Button type="submit" loading={submit.isPending} disabled={documents.busy}>
            {t('registration.submit')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
