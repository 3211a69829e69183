import { readStored, removeStored, writeStored } from '../../../lib/browser-storage.ts';
import {
  COMPANY_TYPES,
  emptyValues,
  REPRESENTATIVE_TITLES,
  type RegistrationValues,
} from './registration-values.ts';

/** The form is kept per account in this browser until it is submitted (docs/product-rules.md, Registration). */
const YES_NO = ['yes', 'no'] as const;

const keyFor = (userId: string) => `portal.registrationDraft.${userId}`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pickStrings<T extends Record<string, string>>(base: T, source: unknown): T {
  if (!isRecord(source)) return base;
  const result = { ...base };
  for (const key of Object.keys(base) as (keyof T & string)[]) {
    const value = source[key];
    if (typeof value === 'string') result[key] = value as T[typeof key];
  }
  return result;
}

export function loadDraft(userId: string): RegistrationValues {
  const base = emptyValues();
  try {
    const raw = readStored(keyFor(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!isRecord(parsed)) return base;
    const { representative, ...rest } = base;
    const values = {
      ...pickStrings(rest, parsed),
      representative: pickStrings(representative, parsed.representative),
    };
    // A stored choice outside the allowed values is dropped rather than sent.
    const allowed = (value: string, options: readonly string[]) => (options.includes(value) ? value : '');
    return {
      ...values,
      type: allowed(values.type, COMPANY_TYPES) as RegistrationValues['type'],
      sanction: allowed(values.sanction, YES_NO) as RegistrationValues['sanction'],
      gatekeeper: allowed(values.gatekeeper, YES_NO) as RegistrationValues['gatekeeper'],
      representative: {
        ...values.representative,
        title: allowed(
          values.representative.title,
          REPRESENTATIVE_TITLES,
        ) as RegistrationValues['representative']['title'],
      },
    };
  } catch {
    return base;
  }
}

export function saveDraft(userId: string, values: RegistrationValues): void {
  writeStored(keyFor(userId), JSON.stringify(values));
}

export function clearDraft(userId: string): void {
  removeStored(keyFor(userId));
}
