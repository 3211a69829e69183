import { describe, expect, it } from 'vitest';
import { DATA_PRICES, priceFor } from './data-prices.ts';
import {
  CATALOGUE_NAMES,
  CATALOGUE_PRODUCT_TYPE,
  FIELD_CATALOGUE,
  fieldsFor,
  PRODUCT_TYPES,
} from './field-catalogue.ts';

describe('FIELD_CATALOGUE', () => {
  it.each(PRODUCT_TYPES)('describes every %s field once, with a type and a description', (productType) => {
    const fields = FIELD_CATALOGUE[productType];
    const names = fields.map((field) => field.name);
    expect(new Set(names).size).toBe(names.length);
    for (const field of fields) {
      expect(field.name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(field.description.length).toBeGreaterThan(10);
      expect(field.values !== undefined).toBe(field.type === 'enum');
    }
  });

  it('marks position and card id, and nothing else, as personal', () => {
    const personal = (productType: 'VEHICLE' | 'WALLBOX') =>
      FIELD_CATALOGUE[productType].filter((field) => field.personal).map((field) => field.name);
    expect(personal('VEHICLE')).toEqual(['latitude', 'longitude']);
    expect(personal('WALLBOX')).toEqual(['card_id']);
  });

  it('holds the vehicle and wallbox fields the exports promise', () => {
    const names = (productType: 'VEHICLE' | 'WALLBOX') =>
      FIELD_CATALOGUE[productType].map((field) => field.name);
    const vehicle = 'timestamp odometer_km state_of_charge_pct estimated_range_km charging_state speed_kmh';
    expect(names('VEHICLE')).toEqual(expect.arrayContaining(vehicle.split(' ')));
    const wallbox = 'session_id session_start session_end energy_kwh max_power_kw duration_min connector_id';
    expect(names('WALLBOX')).toEqual(expect.arrayContaining(wallbox.split(' ')));
  });
});

describe('fieldsFor', () => {
  it('drops personal fields unless included, keeping the catalogue order', () => {
    for (const productType of PRODUCT_TYPES) {
      const all = FIELD_CATALOGUE[productType];
      expect(fieldsFor(productType, { includePersonal: true })).toEqual(all);
      expect(fieldsFor(productType, { includePersonal: false })).toEqual(
        all.filter((field) => !field.personal),
      );
    }
    expect(fieldsFor('VEHICLE', { includePersonal: false }).map((field) => field.name)).not.toContain(
      'latitude',
    );
  });
});

describe('catalogues and prices', () => {
  it('names the three catalogue documents and maps the field catalogues to product types', () => {
    expect(CATALOGUE_NAMES).toEqual(['Vehicle Data', 'Home Charger Data', 'Data Prices']);
    expect(CATALOGUE_PRODUCT_TYPE).toEqual({ 'Vehicle Data': 'VEHICLE', 'Home Charger Data': 'WALLBOX' });
  });

  it('prices every product type, the SME rate never above the standard one', () => {
    expect(DATA_PRICES.map((price) => price.productType).sort()).toEqual([...PRODUCT_TYPES].sort());
    for (const productType of PRODUCT_TYPES) {
      const price = priceFor(productType);
      expect(price.monthlyEur).toBeGreaterThan(0);
      expect(price.smeMonthlyEur).toBeLessThanOrEqual(price.monthlyEur);
      expect(price.personalDataSurchargeEur).toBeGreaterThan(0);
    }
  });
});
