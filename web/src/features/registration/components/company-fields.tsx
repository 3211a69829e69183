import { useTranslation } from 'react-i18next';
import { countries } from '../form/countries.ts';
import { COMPANY_TYPES } from '../form/registration-values.ts';
import { RadioGroupField } from './radio-group-field.tsx';
import { SelectField } from './select-field.tsx';
import { TextField } from './text-field.tsx';

export function CompanyFields() {
  const { t } = useTranslation();
  const yesNo = [
    { value: 'yes', label: t('registration.yes') },
    { value: 'no', label: t('registration.no') },
  ];
  const countryOptions = countries().map((country) => ({ value: country.code, label: country.name }));
  return (
    <section className="card registration-form__section" aria-labelledby="registration-company">
      <h2 id="registration-company">{t('registration.company')}</h2>
      <div className="registration-form__grid">
        <TextField name="legalName" label={t('registration.legalName')} autoComplete="organization" />
        <TextField name="displayName" label={t('registration.displayName')} />
        <TextField name="vatNumber" label={t('registration.vatNumber')} numeric />
        <SelectField
          name="country"
          label={t('registration.country')}
          placeholder={t('registration.countryPlaceholder')}
          options={countryOptions}
          autoComplete="country"
        />
        <TextField name="site" label={t('registration.site')} autoComplete="url" />
      </div>
      <RadioGroupField
        name="type"
        legend={t('registration.type')}
        options={COMPANY_TYPES.map((type) => ({ value: type, label: t(`registration.types.${type}`) }))}
      />
      <RadioGroupField name="sanction" legend={t('registration.sanction')} options={yesNo} />
      <RadioGroupField name="gatekeeper" legend={t('registration.gatekeeper')} options={yesNo} />
    </section>
  );
}
