import type { ExportProduct } from '../src/domain/export-writer.ts';

// The products the export writer's tests write, on fixed dates.

export const generatedAt = new Date('2025-04-01T00:00:00Z');
export const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** A vehicle that collected on the days of `periods` (by default 1 March 2025). */
export const exportCar = (
  periods: ExportProduct['periods'] = [{ from: day('2025-03-01'), to: day('2025-03-02') }],
): ExportProduct => ({
  id: 'veh-export-1',
  productType: 'VEHICLE',
  externalId: 'WVWZZZ1JZXW000001',
  label: 'ID.3 Pro',
  periods,
  includeSensitiveData: false,
});
