import type { ProductType } from './field-catalogue.ts';

// What a data recipient pays for access, shown in the 'Data Prices' catalogue.

export interface DataPrice {
  productType: ProductType;
  /** Per product and month for a data recipient, excluding VAT. */
  monthlyEur: number;
  /** Added per product and month when personal data is included. */
  personalDataSurchargeEur: number;
  /** Cost-based price for SMEs and non-profit research organisations (Data Act, Art. 9(4)). */
  smeMonthlyEur: number;
  description: string;
}

export const PRICE_CURRENCY = 'EUR';

export const DATA_PRICES: readonly DataPrice[] = [
  {
    productType: 'VEHICLE',
    monthlyEur: 4.9,
    personalDataSurchargeEur: 1.5,
    smeMonthlyEur: 2.4,
    description:
      'Minute-by-minute vehicle telemetry: odometer, battery, charging, temperatures and position.',
  },
  {
    productType: 'WALLBOX',
    monthlyEur: 1.9,
    personalDataSurchargeEur: 0.6,
    smeMonthlyEur: 0.9,
    description:
      'Charging sessions of a home charger: energy, power, duration, meter readings and card used.',
  },
];

export const PRICE_NOTES: readonly string[] = [
  'Users access the data of their own products free of charge.',
  'Prices apply per product and per started month of access by a data recipient and exclude VAT.',
  'Micro, small and medium-sized enterprises and non-profit research organisations pay no more than the cost of making the data available.',
  'The personal data surcharge applies only where the user chose to include personal data.',
];

export function priceFor(productType: ProductType): DataPrice {
  const price = DATA_PRICES.find((entry) => entry.productType === productType);
  if (!price) throw new Error(`No price for ${productType}`);
  return price;
}
