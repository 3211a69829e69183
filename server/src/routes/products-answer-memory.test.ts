import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createBrowser, signIn } from '../../test/auth/browser.ts';
import { writeElsewhere } from '../../test/db.ts';

// The products answer is built, checked against the contract and serialised once per remembered row
// list (decision 0034). Every write, from this process or another, and every clock change must still
// reach the very next request.
const t = useTestApp();

type Listed = { id: string; productFields: { model?: string; name?: string } };
const listed = async () => {
  const response = await t.call('GET', '/api/v1/products', 'owner@example.com');
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  const { vehicles, wallboxes } = response.json();
  return [...vehicles, ...wallboxes] as Listed[];
};
const modelOf = async (id: string) => (await listed()).find((item) => item.id === id)?.productFields.model;

describe('the remembered products answer', () => {
  it('answers the same bytes while nothing changed', async () => {
    const first = await t.call('GET', '/api/v1/products', 'owner@example.com');
    const second = await t.call('GET', '/api/v1/products', 'owner@example.com');
    expect(second.body).toBe(first.body);
    expect(first.json().vehicles.length).toBeGreaterThan(0);
  });

  it('shows a write through Prisma in the very next answer', async () => {
    await listed();
    await listed(); // answered from memory now
    await t.prisma.product.update({ where: { id: 'prod-veh-1' }, data: { model: 'ID.4 GTX' } });
    expect(await modelOf('prod-veh-1')).toBe('ID.4 GTX');
  });

  it('shows a write by another connection (another process) in the very next answer', async () => {
    await listed();
    await listed();
    await writeElsewhere(
      t.databaseUrl,
      {
        sqlite: 'UPDATE Product SET model = ? WHERE id = ?',
        postgresql: 'UPDATE "Product" SET model = $1 WHERE id = $2',
      },
      ['ID.4 Pro', 'prod-veh-1'],
    );
    expect(await modelOf('prod-veh-1')).toBe('ID.4 Pro');
  });

  it('still ends an expired session on the very next request after the clock moves', async () => {
    const browser = createBrowser(t);
    await signIn(browser, 'owner@example.com');
    expect((await browser.get('/api/v1/products')).status).toBe(200);
    expect((await browser.get('/api/v1/products')).status).toBe(200);
    t.wallClock.advance((t.config.session.idleMinutes + 1) * 60_000);
    expect((await browser.get('/api/v1/products')).status).toBe(401);
  });

  it('keeps one owner from another: each caller gets the answer built from their own rows', async () => {
    const own = (await listed()).map((item) => item.id);
    const other = await t.call('GET', '/api/v1/products', 'second@example.com');
    expect(other.statusCode).toBe(200);
    const { vehicles, wallboxes } = other.json();
    const theirs = ([...vehicles, ...wallboxes] as Listed[]).map((item) => item.id);
    expect(theirs).toEqual(['prod-veh-4', 'prod-wb-3']);
    for (const id of theirs) expect(own).not.toContain(id);
  });
});
