import { describe, expect, it } from 'vitest';
import { expectError, useTestApp } from '../../test/app.ts';

// The owner's products and the data collection toggle, through HTTP on the seeded personas.
const t = useTestApp();

const OWNER = 'owner@example.com';
const toggle = (id: string, action: string, who = OWNER) =>
  t.call('POST', `/api/v1/products/${id}/collect/${action}`, who);

interface Product {
  id: string;
  externalId: string;
  productType: string;
  dataCollectionEnabled: boolean;
  productFields: Record<string, string>;
}

/** Starts a toggle, lets the server record the change, then moves the simulation clock past it. */
async function toggleAndAdvance(id: string, action: 'ENABLE' | 'DISABLE') {
  const pending = toggle(id, action);
  await waitForPendingChange(id);
  t.clock.advance(3_000);
  return pending;
}

async function waitForPendingChange(productId: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    if (await t.prisma.collectionChange.findFirst({ where: { productId, completedAt: null } })) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('No pending change was recorded');
}

describe('listProducts', () => {
  it("answers only the caller's vehicles and wallboxes with their collection state and fields", async () => {
    const response = await t.call('GET', '/api/v1/products', OWNER);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { vehicles: Product[]; wallboxes: Product[] };
    expect(body.vehicles.map((p) => [p.id, p.dataCollectionEnabled])).toEqual([
      ['prod-veh-1', true],
      ['prod-veh-2', true],
      ['prod-veh-3', false],
    ]);
    expect(body.wallboxes.map((p) => [p.id, p.dataCollectionEnabled])).toEqual([
      ['prod-wb-1', true],
      ['prod-wb-2', false],
    ]);
    expect(body.vehicles[0]).toEqual({
      id: 'prod-veh-1',
      externalId: 'WVGZZZE2ZNP004821',
      productType: 'VEHICLE',
      dataCollectionEnabled: true,
      productFields: { model: 'ID.4', brand: 'Volkswagen' },
    });
    expect(body.wallboxes[0]?.productFields).toEqual({ name: 'Garage wallbox' });
  });

  it('answers another user their own products only, and a user without products empty lists', async () => {
    const second = (await t.call('GET', '/api/v1/products', 'second@example.com')).json() as {
      vehicles: Product[];
      wallboxes: Product[];
    };
    expect([...second.vehicles, ...second.wallboxes].map((p) => p.id).sort()).toEqual([
      'prod-veh-4',
      'prod-wb-3',
    ]);
    const empty = await t.call('GET', '/api/v1/products', 'empty@example.com');
    expect(empty.json()).toEqual({ vehicles: [], wallboxes: [] });
  });

  it('refuses a caller without a session (401) and companies and admins (403)', async () => {
    const anonymous = await t.call('GET', '/api/v1/products');
    expectError(anonymous, 401, 'UNAUTHENTICATED');
    for (const who of ['fleet@example.com', 'admin@example.com']) {
      const response = await t.call('GET', '/api/v1/products', who);
      expectError(response, 403, 'FORBIDDEN');
    }
  });
});

describe('setProductCollection', () => {
  it('waits for the change on the simulation clock, then answers the product with collection on', async () => {
    let settled = false;
    const pending = toggle('prod-wb-2', 'ENABLE').then((response) => {
      settled = true;
      return response;
    });
    await waitForPendingChange('prod-wb-2');
    const change = await t.prisma.collectionChange.findFirstOrThrow({ where: { productId: 'prod-wb-2' } });
    expect(change.completesAt.getTime() - change.requestedAt.getTime()).toBe(3_000);
    // A pending change does not flip the state yet.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    const listed = (await t.call('GET', '/api/v1/products', OWNER)).json() as { wallboxes: Product[] };
    expect(listed.wallboxes.find((p) => p.id === 'prod-wb-2')?.dataCollectionEnabled).toBe(false);

    t.clock.advance(3_000);
    const response = await pending;
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: 'prod-wb-2',
      productType: 'WALLBOX',
      dataCollectionEnabled: true,
    });
    const open = await t.prisma.collectionPeriod.findFirstOrThrow({
      where: { productId: 'prod-wb-2', disabledAt: null },
    });
    expect(open.enabledAt).toEqual(change.completesAt);
  });

  it('closes the open period on DISABLE', async () => {
    const response = await toggleAndAdvance('prod-veh-2', 'DISABLE');
    expect(response.statusCode).toBe(200);
    expect((response.json() as Product).dataCollectionEnabled).toBe(false);
    expect(
      await t.prisma.collectionPeriod.count({ where: { productId: 'prod-veh-2', disabledAt: null } }),
    ).toBe(0);
  });

  it('answers 409 COLLECTION_UNCHANGED when nothing would change or a change is still pending', async () => {
    const on = await toggle('prod-veh-1', 'ENABLE');
    expectError(on, 409, 'COLLECTION_UNCHANGED');
    const off = await toggle('prod-veh-3', 'DISABLE');
    expectError(off, 409, 'COLLECTION_UNCHANGED');

    const first = toggle('prod-veh-3', 'ENABLE');
    await waitForPendingChange('prod-veh-3');
    const again = await toggle('prod-veh-3', 'ENABLE');
    expectError(again, 409, 'COLLECTION_UNCHANGED');
    const opposite = await toggle('prod-veh-3', 'DISABLE');
    expectError(opposite, 409, 'COLLECTION_UNCHANGED');
    t.clock.advance(3_000);
    expect((await first).statusCode).toBe(200);
  });

  it("answers 404 PRODUCT_NOT_FOUND for another user's product and for an unknown one", async () => {
    for (const id of ['prod-veh-4', 'no-such-product']) {
      const response = await toggle(id, 'ENABLE');
      expectError(response, 404, 'PRODUCT_NOT_FOUND');
    }
    expect(await t.prisma.collectionChange.count({ where: { productId: 'prod-veh-4' } })).toBe(0);
  });

  it('refuses no session (401), companies (403) and an unknown action (400)', async () => {
    const anonymous = await t.call('POST', '/api/v1/products/prod-wb-1/collect/DISABLE');
    expectError(anonymous, 401, 'UNAUTHENTICATED');
    const agent = await toggle('prod-wb-1', 'DISABLE', 'fleet@example.com');
    expectError(agent, 403, 'FORBIDDEN');
    const unknown = await toggle('prod-wb-1', 'PAUSE');
    expectError(unknown, 400, 'VALIDATION_FAILED');
  });

  it('stops waiting after a real-time cap that follows the clock speed; the runner completes it later', async () => {
    t.clock.setSpeed(1000); // 3 s simulated = 3 ms real, so the wait is capped at about 1 s
    try {
      const started = Date.now();
      const response = await toggle('prod-wb-1', 'DISABLE');
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(response.statusCode).toBe(200);
      // The manual clock did not move: the change is still pending and the product unchanged.
      expect((response.json() as Product).dataCollectionEnabled).toBe(true);
      t.clock.advance(3_000);
      await t.app.portal.jobs.tick();
      const listed = (await t.call('GET', '/api/v1/products', OWNER)).json() as { wallboxes: Product[] };
      expect(listed.wallboxes.find((p) => p.id === 'prod-wb-1')?.dataCollectionEnabled).toBe(false);
    } finally {
      t.clock.setSpeed(1);
    }
  });

  it('applies a change left pending by a restart from the background runner', async () => {
    const now = t.clock.now();
    await t.prisma.collectionChange.create({
      data: {
        productId: 'prod-wb-1',
        action: 'ENABLE',
        requestedAt: now,
        completesAt: new Date(now.getTime() + 3_000),
      },
    });
    await t.app.portal.jobs.tick();
    expect(
      await t.prisma.collectionPeriod.count({ where: { productId: 'prod-wb-1', disabledAt: null } }),
    ).toBe(0);
    t.clock.advance(3_000);
    await t.app.portal.jobs.tick();
    expect(
      await t.prisma.collectionPeriod.count({ where: { productId: 'prod-wb-1', disabledAt: null } }),
    ).toBe(1);
    expect(
      await t.prisma.collectionChange.count({ where: { productId: 'prod-wb-1', completedAt: null } }),
    ).toBe(0);
  });
});
