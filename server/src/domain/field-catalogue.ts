// The one catalogue of data fields per product type. It drives the exports (columns and JSON
// keys), the data dictionary inside each export, and the catalogue PDFs.

export type ProductType = 'VEHICLE' | 'WALLBOX';
export const PRODUCT_TYPES: readonly ProductType[] = ['VEHICLE', 'WALLBOX'];

export type FieldType = 'timestamp' | 'number' | 'integer' | 'string' | 'enum';

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

const VEHICLE_FIELDS: readonly FieldDefinition[] = [
  {
    name: 'timestamp',
    type: 'timestamp',
    unit: 'UTC',
    description: 'Time of the reading (ISO 8601).',
    personal: false,
  },
  {
    name: 'vehicle_state',
    type: 'enum',
    unit: null,
    description: 'Whether the vehicle is driving or parked.',
    personal: false,
    values: VEHICLE_STATES,
  },
  { name: 'odometer_km', type: 'number', unit: 'km', description: 'Total distance driven.', personal: false },
  { name: 'speed_kmh', type: 'number', unit: 'km/h', description: 'Speed over ground.', personal: false },
  {
    name: 'heading_deg',
    type: 'integer',
    unit: 'deg',
    description: 'Direction of travel, clockwise from north (0-359); 0 when parked.',
    personal: false,
  },
  { name: 'latitude', type: 'number', unit: 'deg', description: 'GNSS latitude (WGS 84).', personal: true },
  { name: 'longitude', type: 'number', unit: 'deg', description: 'GNSS longitude (WGS 84).', personal: true },
  {
    name: 'state_of_charge_pct',
    type: 'number',
    unit: '%',
    description: 'Usable energy left in the traction battery.',
    personal: false,
  },
  {
    name: 'estimated_range_km',
    type: 'number',
    unit: 'km',
    description: 'Range the vehicle estimates from the state of charge and recent consumption.',
    personal: false,
  },
  {
    name: 'charging_state',
    type: 'enum',
    unit: null,
    description: 'Charging cable and charging status.',
    personal: false,
    values: CHARGING_STATES,
  },
  {
    name: 'charging_power_kw',
    type: 'number',
    unit: 'kW',
    description: 'Power flowing into the battery while charging.',
    personal: false,
  },
  {
    name: 'battery_temperature_c',
    type: 'number',
    unit: '°C',
    description: 'Average traction battery cell temperature.',
    personal: false,
  },
  {
    name: 'outside_temperature_c',
    type: 'number',
    unit: '°C',
    description: 'Ambient temperature measured by the vehicle.',
    personal: false,
  },
];

const WALLBOX_FIELDS: readonly FieldDefinition[] = [
  {
    name: 'session_id',
    type: 'string',
    unit: null,
    description: 'Identifier of the charging session.',
    personal: false,
  },
  {
    name: 'session_start',
    type: 'timestamp',
    unit: 'UTC',
    description: 'Time the vehicle was plugged in (ISO 8601).',
    personal: false,
  },
  {
    name: 'session_end',
    type: 'timestamp',
    unit: 'UTC',
    description: 'Time the vehicle was unplugged (ISO 8601).',
    personal: false,
  },
  { name: 'duration_min', type: 'integer', unit: 'min', description: 'Time plugged in.', personal: false },
  {
    name: 'charging_time_min',
    type: 'integer',
    unit: 'min',
    description: 'Time energy was actually delivered.',
    personal: false,
  },
  {
    name: 'energy_kwh',
    type: 'number',
    unit: 'kWh',
    description: 'Energy delivered in the session.',
    personal: false,
  },
  {
    name: 'meter_start_kwh',
    type: 'number',
    unit: 'kWh',
    description: 'Calibrated energy meter reading at the start.',
    personal: false,
  },
  {
    name: 'meter_end_kwh',
    type: 'number',
    unit: 'kWh',
    description: 'Calibrated energy meter reading at the end.',
    personal: false,
  },
  {
    name: 'max_power_kw',
    type: 'number',
    unit: 'kW',
    description: 'Highest charging power.',
    personal: false,
  },
  {
    name: 'avg_power_kw',
    type: 'number',
    unit: 'kW',
    description: 'Average power while charging.',
    personal: false,
  },
  {
    name: 'phases',
    type: 'integer',
    unit: null,
    description: 'Number of phases used (1 or 3).',
    personal: false,
  },
  {
    name: 'connector_id',
    type: 'integer',
    unit: null,
    description: 'Connector of the charger used.',
    personal: false,
  },
  {
    name: 'authorisation',
    type: 'enum',
    unit: null,
    description: 'How the session was authorised.',
    personal: false,
    values: AUTHORISATION_METHODS,
  },
  {
    name: 'card_id',
    type: 'string',
    unit: null,
    description: 'UID of the charging card used (empty unless authorised by RFID).',
    personal: true,
  },
];

export const FIELD_CATALOGUE: Readonly<Record<ProductType, readonly FieldDefinition[]>> = {
  VEHICLE: VEHICLE_FIELDS,
  WALLBOX: WALLBOX_FIELDS,
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
