import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGES } from '../lib/i18n/i18n.ts';
import { MenuRadioGroup } from './ui/menu.tsx';

/** The language choice inside the avatar or burger menu. */
export function LanguageMenuGroup() {
  const { t, i18n } = useTranslation();
  return (
    <MenuRadioGroup
      label={t('language.label')}
      value={i18n.resolvedLanguage ?? i18n.language}
      onValueChange={(value) => {
        if (isLanguage(value)) void changeLanguage(value);
      }}
      options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
    />
  );
}
