import type { Schemas } from '../../../lib/api/types.ts';
import { toPlainText } from './plain-text.ts';

export type AgentRegistration = Schemas['AgentRegistration'];
export type CompanyType = Schemas['CompanyType'];
export type RepresentativeTitle = Schemas['RepresentativeTitle'];
export type YesNo = 'yes' | 'no';

/** The form as the inputs hold it: radios and selects start empty. */
export type RegistrationValues = {
  legalName: string;
  displayName: string;
  vatNumber: string;
  country: string;
  site: string;
  type: CompanyType | '';
  sanction: YesNo | '';
  gatekeeper: YesNo | '';
  representative: { title: RepresentativeTitle | ''; firstname: string; surname: string };
};

export const COMPANY_TYPES: readonly CompanyType[] = ['sme', 'non_profit', 'large'];
export const REPRESENTATIVE_TITLES: readonly RepresentativeTitle[] = ['mr', 'ms'];

/** Maximum lengths (docs/product-rules.md, Limits), the same as the contract's. */
export const MAX_LENGTHS = {
  legalName: 150,
  displayName: 100,
  vatNumber: 15,
  site: 200,
  'representative.firstname': 100,
  'representative.surname': 150,
} as const;

export type TextFieldName = keyof typeof MAX_LENGTHS;
export const TEXT_FIELDS = Object.keys(MAX_LENGTHS) as TextFieldName[];

export function emptyValues(): RegistrationValues {
  return {
    legalName: '',
    displayName: '',
    vatNumber: '',
    country: '',
    site: '',
    type: '',
    sanction: '',
    gatekeeper: '',
    representative: { title: '', firstname: '', surname: '' },
  };
}

/** The submission payload; only called on values that passed validation. */
export function toRegistration(values: RegistrationValues, fileIds: string[]): AgentRegistration {
  const site = toPlainText(values.site);
  const { title } = values.representative;
  return {
    legalName: toPlainText(values.legalName),
    displayName: toPlainText(values.displayName),
    vatNumber: values.vatNumber.trim(),
    country: values.country,
    ...(site ? { site } : {}),
    type: values.type as CompanyType,
    sanction: values.sanction === 'yes',
    gatekeeper: values.gatekeeper === 'yes',
    representative: {
      ...(title ? { title } : {}),
      firstname: toPlainText(values.representative.firstname),
      surname: toPlainText(values.representative.surname),
    },
    fileIds,
  };
}
