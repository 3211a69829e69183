import { useTranslation } from 'react-i18next';
import { REPRESENTATIVE_TITLES } from '../form/registration-values.ts';
import { SelectField } from './select-field.tsx';
import { TextField } from './text-field.tsx';

export function RepresentativeFields() {
  const { t } = useTranslation();
  return (
    <section className="card registration-form__section" aria-labelledby="registration-representative">
      <h2 id="registration-representative">{t('registration.representative')}</h2>
      <div className="registration-form__grid">
        <SelectField
          name="representative.title"
          label={t('registration.title')}
          placeholder={t('registration.titleNone')}
          options={REPRESENTATIVE_TITLES.map((title) => ({
            value: title,
            label: t(`registration.titles.${title}`),
          }))}
          autoComplete="honorific-prefix"
        />
        <TextField
          name="representative.firstname"
          label={t('registration.firstname')}
          autoComplete="given-name"
        />
        <TextField
          name="representative.surname"
          label={t('registration.surname')}
          autoComplete="family-name"
        />
      </div>
    </section>
  );
}
