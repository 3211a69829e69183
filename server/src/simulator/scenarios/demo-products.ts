// Seeded vehicles (external id = VIN) and wallboxes (external id = serial number),
// with their data collection periods.
import type { Db } from '../../db/client.ts';
import { USER_IDS } from './demo-people.ts';
import { daysBefore } from './time.ts';

interface ProductSeed {
  id: string;
  ownerId: string;
  productType: 'VEHICLE' | 'WALLBOX';
  externalId: string;
  model?: string;
  brand?: string;
  name?: string;
  /** [enabledDaysAgo, disabledDaysAgo | null]; an open last period = collection on. */
  periods: Array<[number, number | null]>;
}

export const PRODUCTS: readonly ProductSeed[] = [
  {
    id: 'prod-veh-1',
    ownerId: USER_IDS.owner,
    productType: 'VEHICLE',
    externalId: 'WVGZZZE2ZNP004821',
    model: 'ID.4',
    brand: 'Volkswagen',
    periods: [[90, null]],
  },
  {
    id: 'prod-veh-2',
    ownerId: USER_IDS.owner,
    productType: 'VEHICLE',
    externalId: 'WVWZZZE1ZPP017734',
    model: 'ID.3',
    brand: 'Volkswagen',
    periods: [[88, null]],
  },
  {
    // Collection off, with an older closed period (data exists only for that window).
    id: 'prod-veh-3',
    ownerId: USER_IDS.owner,
    productType: 'VEHICLE',
    externalId: 'WAUZZZF45PA031598',
    model: 'Q4 e-tron',
    brand: 'Audi',
    periods: [[200, 120]],
  },
  {
    id: 'prod-wb-1',
    ownerId: USER_IDS.owner,
    productType: 'WALLBOX',
    externalId: 'WBX22-2301-004512',
    name: 'Garage wallbox',
    periods: [[90, null]],
  },
  {
    // Collection never enabled.
    id: 'prod-wb-2',
    ownerId: USER_IDS.owner,
    productType: 'WALLBOX',
    externalId: 'WBX11-2210-003887',
    name: 'Carport wallbox',
    periods: [],
  },
  {
    id: 'prod-veh-4',
    ownerId: USER_IDS.second,
    productType: 'VEHICLE',
    externalId: 'TMBJB9NY8PF052219',
    model: 'Enyaq iV 80',
    brand: 'Škoda',
    periods: [[75, null]],
  },
  {
    // Re-enabled after a pause: two periods.
    id: 'prod-wb-3',
    ownerId: USER_IDS.second,
    productType: 'WALLBOX',
    externalId: 'WBX22-2306-009126',
    name: 'Home charger',
    periods: [
      [110, 80],
      [75, null],
    ],
  },
  {
    id: 'prod-veh-5',
    ownerId: USER_IDS.terms,
    productType: 'VEHICLE',
    externalId: 'VSSZZZK1ZPP003917',
    model: 'Born',
    brand: 'Cupra',
    periods: [[30, null]],
  },
];

export async function seedProducts(db: Db, now: Date): Promise<void> {
  await db.product.createMany({
    // The optional names are stored as null; the periods go to their own table below.
    data: PRODUCTS.map(({ periods: _periods, model = null, brand = null, name = null, ...product }) => ({
      ...product,
      model,
      brand,
      name,
      createdAt: daysBefore(now, 210),
    })),
  });
  await db.collectionPeriod.createMany({
    data: PRODUCTS.flatMap((p) =>
      p.periods.map(([enabled, disabled], index) => ({
        id: `period-${p.id.replace(/^prod-/, '')}-${index + 1}`,
        productId: p.id,
        enabledAt: daysBefore(now, enabled),
        disabledAt: disabled === null ? null : daysBefore(now, disabled),
      })),
    ),
  });
}
