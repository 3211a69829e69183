// The one catalogue of data fields per product type. It drives the exports (columns and JSON
// keys), the data dictionary inside each export, and the catalogue PDFs.

import catalogue from './field-catalogue.json' with { type: 'json' };

export type ProductType = 'VEHICLE' | 'WALLBOX';
export const PRODUCT_TYPES: readonly ProductType[] = ['VEHICLE', 'WALLBOX'];

const FIELD_TYPES = ['timestamp', 'number', 'integer', 'string', 'enum'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FieldDefinition {
  name: string;
  type: FieldType;
  unit: string | null;
  description: string;
  /** Identifies or locates a person: only shared where the user chose "Include personal data". */
  personal: boolean;
  values?: readonly string[];
}

export const VEHICLE_STATES = ['DRIVING', 'PARKED'] as const;
export const CHARGING_STATES = ['DISCONNECTED', 'CHARGING', 'COMPLETE'] as const;
export const AUTHORISATION_METHODS = ['RFID', 'APP', 'AUTOSTART'] as const;

/** A field as field-catalogue.json stores it: an enum's values by the name of their list above. */
type StoredField = Omit<FieldDefinition, 'type' | 'values'> & { type: string; values?: string };
const VALUE_LISTS: Readonly<Record<string, readonly string[]>> = {
  VEHICLE_STATES,
  CHARGING_STATES,
  AUTHORISATION_METHODS,
};

function fieldsOf(stored: readonly StoredField[]): readonly FieldDefinition[] {
  return stored.map(({ type, values, ...field }) => {
    const list = values === undefined ? undefined : VALUE_LISTS[values];
    if (values !== undefined && !list) throw new Error(`field-catalogue.json: no list of values ${values}`);
    if (!(FIELD_TYPES as readonly string[]).includes(type))
      throw new Error(`field-catalogue.json: no type ${type}`);
    return { ...field, type: type as FieldType, ...(list ? { values: list } : {}) };
  });
}

/** The fields per product type, in column order (field-catalogue.json: data, not code). */
export const FIELD_CATALOGUE: Readonly<Record<ProductType, readonly FieldDefinition[]>> = {
  VEHICLE: fieldsOf(catalogue.VEHICLE),
  WALLBOX: fieldsOf(catalogue.WALLBOX),
};

/** The fields an export of this product type holds, in column order. */
export function fieldsFor(
  productType: ProductType,
  options: { includePersonal: boolean },
): FieldDefinition[] {
  return FIELD_CATALOGUE[productType].filter((field) => options.includePersonal || !field.personal);
}

export const PRODUCT_TYPE_LABELS: Readonly<Record<ProductType, string>> = {
  VEHICLE: 'Vehicle',
  WALLBOX: 'Home charger',
};

export type CatalogueName = 'Vehicle Data' | 'Home Charger Data' | 'Data Prices';
export const CATALOGUE_NAMES: readonly CatalogueName[] = ['Vehicle Data', 'Home Charger Data', 'Data Prices'];
export const CATALOGUE_PRODUCT_TYPE: Readonly<Record<'Vehicle Data' | 'Home Charger Data', ProductType>> = {
  'Vehicle Data': 'VEHICLE',
  'Home Charger Data': 'WALLBOX',
};
