import { type CollectionPeriod, normalisePeriods, type TimeWindow } from './collection-periods.ts';
import type { ProductType } from './field-catalogue.ts';
import { vehicleRecords } from './vehicle-telemetry.ts';
import { wallboxRecords } from './wallbox-telemetry.ts';

// Synthetic, deterministic telemetry: the same product and time always give the same values,
// whatever window is asked for. Records are generated lazily, never collected in arrays.

export type FieldValue = string | number | null;
export type TelemetryRecord = Readonly<Record<string, FieldValue>>;

export interface TelemetryProduct {
  id: string;
  productType: ProductType;
}

export interface TelemetryOptions {
  /** Open periods end here, and nothing later is produced (the simulation clock's now). */
  until?: Date;
  /** Vehicle reading interval; 60 s by default. Wallboxes produce one record per session. */
  intervalSeconds?: number;
}

export const DEFAULT_INTERVAL_SECONDS = 60;

/** Records of a product inside its collection periods ("only data generated after enabling"). */
export function recordsFor(
  product: TelemetryProduct,
  periods: readonly CollectionPeriod[],
  options: TelemetryOptions = {},
): Generator<TelemetryRecord> {
  return recordsInWindows(product, normalisePeriods(periods, options.until ?? new Date()), options);
}

export function recordsInWindows(
  product: TelemetryProduct,
  windows: readonly TimeWindow[],
  options: Pick<TelemetryOptions, 'intervalSeconds'> = {},
): Generator<TelemetryRecord> {
  if (product.productType === 'WALLBOX') return wallboxRecords(product.id, windows);
  const interval = options.intervalSeconds ?? DEFAULT_INTERVAL_SECONDS;
  if (!Number.isFinite(interval) || interval < 1) throw new RangeError('intervalSeconds must be at least 1');
  return vehicleRecords(product.id, windows, Math.round(interval) * 1000);
}
