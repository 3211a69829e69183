import type { components } from '@portal/contract/schema';
import type { Db } from '../db/client.ts';
import type { HotReads } from '../db/hot-reads.ts';
import { holdLock } from '../db/locks.ts';
import type { Product as ProductRow } from '../generated/prisma/client.ts';
import { conflict, notFound } from '../lib/app-error.ts';
import { memoAnswer } from '../lib/frozen-answers.ts';
import type { World } from '../world.ts';

export type ApiProduct = components['schemas']['Product'];
export type CollectionAction = 'ENABLE' | 'DISABLE';

/** Simulated time a collection toggle takes in the (simulated) vehicle back end. */
export const COLLECTION_CHANGE_MS = 3_000;
/** A toggle call never waits longer than this in real time, however slow the simulation clock runs. */
const MAX_REAL_WAIT_MS = 30_000;

export function toApiProduct(
  product: Pick<ProductRow, 'id' | 'externalId' | 'productType' | 'model' | 'brand' | 'name'>,
  dataCollectionEnabled: boolean,
): ApiProduct {
  const base = { id: product.id, externalId: product.externalId, dataCollectionEnabled };
  return product.productType === 'VEHICLE'
    ? {
        ...base,
        productType: 'VEHICLE',
        productFields: { model: product.model ?? '', brand: product.brand ?? '' },
      }
    : { ...base, productType: 'WALLBOX', productFields: { name: product.name ?? '' } };
}

/** Ids of the given products that have an open collection period. */
export async function enabledProductIds(db: Db, productIds: readonly string[]): Promise<Set<string>> {
  const open = await db.collectionPeriod.findMany({
    where: { productId: { in: [...productIds] }, disabledAt: null },
    select: { productId: true },
  });
  return new Set(open.map((period) => period.productId));
}

/**
 * The caller's products with their collection state; others' products are never listed. One
 * prepared statement (db/hot-reads.ts): this list is read on every visit of the products screen.
 */
export async function listOwnProducts({ reads }: Pick<World, 'reads'>, ownerId: string) {
  const rows = await reads.ownProducts(ownerId);
  return rows.map((row) => ({ row, enabled: row.enabled === 1 }));
}

type ProductsAnswer = components['schemas']['ProductsResponse'];
// Keyed by the remembered row list itself: a write anywhere gives a new list (db/hot-reads.ts).
const productsAnswers = new WeakMap<Awaited<ReturnType<HotReads['ownProducts']>>, ProductsAnswer>();

/**
 * The caller's products as listProducts answers them, split into vehicles and wallboxes. Built once
 * per remembered row list and frozen, so the contract check and serialisation run once too (decision
 * 0034); the answer depends on nothing else (no clock, language or query).
 */
export function ownProductsAnswer(
  { reads }: Pick<World, 'reads'>,
  ownerId: string,
  /** When the caller's request arrived (`request.arrivedAt`). */
  arrivedAt?: number,
): ProductsAnswer | Promise<ProductsAnswer> {
  const rows = reads.ownProducts(ownerId, arrivedAt);
  // SQLite's rows come at once: no promise on the hot path.
  return rows instanceof Promise ? rows.then(productsAnswerOf) : productsAnswerOf(rows);
}

function productsAnswerOf(rows: Awaited<ReturnType<HotReads['ownProducts']>>): ProductsAnswer {
  return memoAnswer(productsAnswers, rows, (list) => {
    const products = list.map((row) => toApiProduct(row, row.enabled === 1));
    return {
      vehicles: products.filter((product) => product.productType === 'VEHICLE'),
      wallboxes: products.filter((product) => product.productType === 'WALLBOX'),
    };
  });
}

/** The caller's product; another owner's product answers the same 404 as a missing one. */
export async function findOwnProduct(db: Db, ownerId: string, productId: string): Promise<ProductRow> {
  const product = await db.product.findFirst({ where: { id: productId, ownerId } });
  if (!product) throw notFound('PRODUCT_NOT_FOUND', 'This product could not be found.');
  return product;
}

/**
 * Records a toggle that completes COLLECTION_CHANGE_MS later on the simulation clock, and wakes the
 * world's runner, which completes it when it falls due (should the caller stop waiting first).
 */
export async function requestCollectionChange(
  { prisma, clock, jobs }: Pick<World, 'prisma' | 'clock' | 'jobs'>,
  ownerId: string,
  productId: string,
  action: CollectionAction,
) {
  const change = await prisma.$transaction(async (tx) => {
    await holdLock(tx, `collection:${productId}`);
    const product = await findOwnProduct(tx, ownerId, productId);
    const pending = await tx.collectionChange.findFirst({ where: { productId, completedAt: null } });
    if (pending) {
      throw conflict(
        'COLLECTION_UNCHANGED',
        'A data collection change for this product is still in progress.',
      );
    }
    const enabled = (await enabledProductIds(tx, [productId])).has(productId);
    if (enabled === (action === 'ENABLE')) {
      throw conflict(
        'COLLECTION_UNCHANGED',
        `Data collection for this product is already ${enabled ? 'enabled' : 'disabled'}.`,
      );
    }
    const requestedAt = clock.now();
    const change = await tx.collectionChange.create({
      data: {
        productId: product.id,
        action,
        requestedAt,
        completesAt: new Date(requestedAt.getTime() + COLLECTION_CHANGE_MS),
      },
    });
    return change;
  });
  jobs.wake();
  return change;
}

/**
 * Applies every toggle whose time has come (optionally of one product): opens or closes the collection
 * period at the change's completion time. Safe to run concurrently: a change is claimed by the
 * transaction that marks it completed.
 */
export async function applyDueCollectionChanges(
  { prisma, clock }: Pick<World, 'prisma' | 'clock'>,
  productId?: string,
): Promise<number> {
  const due = await prisma.collectionChange.findMany({
    where: { completedAt: null, completesAt: { lte: clock.now() }, ...(productId ? { productId } : {}) },
    orderBy: { completesAt: 'asc' },
  });
  let applied = 0;
  for (const change of due) {
    // No lock: the conditional update that marks the change completed claims it (one winner).
    const done = await prisma.$transaction(async (tx) => {
      const claimed = await tx.collectionChange.updateMany({
        where: { id: change.id, completedAt: null },
        data: { completedAt: change.completesAt },
      });
      if (claimed.count === 0) return false;
      await applyChange(tx, change.productId, change.action as CollectionAction, change.completesAt);
      return true;
    });
    if (done) applied += 1;
  }
  return applied;
}

async function applyChange(tx: Db, productId: string, action: CollectionAction, at: Date): Promise<void> {
  const open = await tx.collectionPeriod.findFirst({ where: { productId, disabledAt: null } });
  if (action === 'ENABLE' && !open) {
    await tx.collectionPeriod.create({ data: { productId, enabledAt: at } });
  } else if (action === 'DISABLE' && open) {
    // A period never ends before it began, even if the clock was moved back in between.
    const end = at < open.enabledAt ? open.enabledAt : at;
    await tx.collectionPeriod.update({ where: { id: open.id }, data: { disabledAt: end } });
  }
}

/**
 * Waits until the change is due on the simulation clock and applies it. The real-time wait follows
 * the clock's speed (3 s simulated at speed 10 is 0.3 s), capped so a call never hangs; past the cap
 * the change still completes in the background runner. No polling: one timer for the due moment,
 * planned again whenever the clock's speed changes or it jumps.
 */
export async function awaitCollectionChange(
  world: Pick<World, 'prisma' | 'clock'>,
  change: { id: string; productId: string; completesAt: Date },
): Promise<void> {
  const { clock } = world;
  const remaining = change.completesAt.getTime() - clock.now().getTime();
  const speed = clock.speed > 0 ? clock.speed : 1;
  const deadline = Date.now() + Math.min(MAX_REAL_WAIT_MS, Math.max(0, remaining) / speed + 1_000);
  await new Promise<void>((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    let unsubscribe: () => void = () => undefined;
    const plan = () => {
      clearTimeout(timer);
      const left = change.completesAt.getTime() - clock.now().getTime();
      const realLeft = deadline - Date.now();
      if (left <= 0 || realLeft <= 0) {
        unsubscribe();
        resolve();
        return;
      }
      timer = setTimeout(plan, Math.min(realLeft, Math.ceil(left / clock.speed)));
    };
    unsubscribe = clock.onChange(plan);
    plan();
  });
  await applyDueCollectionChanges(world, change.productId);
}

export async function ownProductWithState(
  { prisma }: Pick<World, 'prisma'>,
  ownerId: string,
  productId: string,
) {
  const product = await findOwnProduct(prisma, ownerId, productId);
  const enabled = (await enabledProductIds(prisma, [productId])).has(productId);
  return toApiProduct(product, enabled);
}
