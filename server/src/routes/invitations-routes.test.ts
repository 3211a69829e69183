import { describe, expect, it } from 'vitest';
import { expectError, expectRefusals, type Refusal, signedOut, useTestApp } from '../../test/app.ts';

// The data owner's side of sharing, through HTTP against the seeded personas.
const t = useTestApp();

const share = [
  { productId: 'prod-veh-1', includeSensitiveData: true },
  { productId: 'prod-wb-1', includeSensitiveData: false },
];

describe('createInvitation', () => {
  it('answers a grouped 80-bit code, its link and an expiry 14 days ahead', async () => {
    const response = await t.call('POST', '/api/v1/invitations', 'owner@example.com', share);
    expect(response.statusCode).toBe(201);
    const body = response.json() as { code: string; link: string; expiresAt: string };
    expect(body.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(body.link).toBe(`http://localhost:3000/redeem/${body.code}`);
    expect(new Date(body.expiresAt).getTime() - t.clock.now().getTime()).toBe(14 * 24 * 3600 * 1000);
    const stored = await t.prisma.invitation.findUniqueOrThrow({
      where: { code: body.code.replaceAll('-', '') },
      include: { products: true, events: true },
    });
    expect(stored.status).toBe('CREATED');
    expect(stored.products.map((p) => [p.productId, p.includeSensitiveData]).sort()).toEqual([
      ['prod-veh-1', true],
      ['prod-wb-1', false],
    ]);
    expect(stored.events.map((e) => [e.type, e.actorRole])).toEqual([['CREATED', 'user']]);
  });

  it('gives every invitation a different code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      codes.add((await t.call('POST', '/api/v1/invitations', 'owner@example.com', share)).json().code);
    }
    expect(codes.size).toBe(5);
  });

  it('refuses a duplicate product, an empty list, another owner’s product and a product not collecting', async () => {
    const duplicate = await t.call('POST', '/api/v1/invitations', 'owner@example.com', [share[0], share[0]]);
    expectError(duplicate, 400, 'VALIDATION_FAILED');
    expect(duplicate.json().errors[0].message).toMatch(/only once/);
    const empty = await t.call('POST', '/api/v1/invitations', 'owner@example.com', []);
    expectError(empty, 400, 'VALIDATION_FAILED');
    const foreign = await t.call('POST', '/api/v1/invitations', 'owner@example.com', [
      { productId: 'prod-veh-4', includeSensitiveData: false },
    ]);
    expectError(foreign, 404, 'PRODUCT_NOT_FOUND');
    const off = await t.call('POST', '/api/v1/invitations', 'owner@example.com', [
      { productId: 'prod-veh-3', includeSensitiveData: false },
    ]);
    expectError(off, 409, 'COLLECTION_DISABLED');
    expect(off.json().errors[0].message).toContain('WAUZZZF45PA031598');
  });

  it('is for users only', async () => {
    for (const who of ['fleet@example.com', 'admin@example.com']) {
      const response = await t.call('POST', '/api/v1/invitations', who, share);
      expectError(response, 403, 'FORBIDDEN');
    }
    const anonymous = await t.call('POST', '/api/v1/invitations', undefined, share);
    expectError(anonymous, 401, 'UNAUTHENTICATED');
  });
});

describe('listing invitations', () => {
  const ids = async (url: string, who = 'owner@example.com') =>
    ((await t.call('GET', url, who)).json() as { id: string }[]).map((entry) => entry.id).sort();

  it('splits claimed (data recipients) from unclaimed (links) and applies the filters', async () => {
    expect(await ids('/api/v1/invitations/claimed/PENDING')).toEqual(['inv-owner-claimed']);
    expect(await ids('/api/v1/invitations/claimed/ACTIVE')).toEqual(['inv-owner-accepted']);
    expect(await ids('/api/v1/invitations/claimed/DECLINED')).toEqual(['inv-owner-declined']);
    expect(await ids('/api/v1/invitations/claimed/REVOKED')).toEqual([
      'inv-owner-revoked-after-accepted',
      'inv-owner-revoked-after-claimed',
    ]);
    expect(await ids('/api/v1/invitations/claimed/ALL')).toContain('inv-owner-paused');
    expect(await ids('/api/v1/invitations/unclaimed/REVOKED')).toEqual(['inv-owner-revoked-before-claimed']);
    expect(await ids('/api/v1/invitations/unclaimed/PENDING')).toEqual([]);
    expect(await ids('/api/v1/invitations/unclaimed/ACTIVE')).toContain('inv-owner-created');
  });

  it('describes a recipient by its company and never lists another owner’s invitations', async () => {
    const [entry] = (await t.call('GET', '/api/v1/invitations/claimed/PENDING', 'owner@example.com')).json();
    expect(entry).toMatchObject({
      type: 'agent',
      displayName: 'Fleet Analytics',
      site: 'Munich',
      status: 'CLAIMED',
    });
    expect(entry.link).toBe(`http://localhost:3000/redeem/${entry.code}`);
    const [link] = (await t.call('GET', '/api/v1/invitations/unclaimed/REVOKED', 'owner@example.com')).json();
    expect(link).toMatchObject({ type: 'invitation', displayName: null, site: null });
    expect(await ids('/api/v1/invitations/claimed/ALL', 'empty@example.com')).toEqual([]);
    expect(await ids('/api/v1/invitations/claimed/ALL', 'second@example.com')).not.toContain(
      'inv-owner-claimed',
    );
  });

  it('refuses an unknown filter, other roles and anonymous callers', async () => {
    const unknownFilter = await t.call('GET', '/api/v1/invitations/claimed/EVERYTHING', 'owner@example.com');
    expectError(unknownFilter, 400, 'VALIDATION_FAILED');
    const company: Refusal = ['fleet@example.com', 403, 'FORBIDDEN'];
    await expectRefusals(t, 'GET', '/api/v1/invitations/unclaimed/ALL', [company]);
    const admin: Refusal = ['admin@example.com', 403, 'FORBIDDEN'];
    await expectRefusals(t, 'GET', '/api/v1/invitations/claimed/ALL', [admin, signedOut]);
  });
});

describe('permissions and history of an invitation', () => {
  const permissionsUrl = '/api/v1/invitations/inv-owner-accepted/permissions';

  it('shows the owner every shared product unmasked, split by type', async () => {
    const response = await t.call('GET', permissionsUrl, 'owner@example.com');
    expect(response.statusCode).toBe(200);
    const { vehicles, wallboxes } = response.json();
    expect(vehicles.map((v: { product: { externalId: string } }) => v.product.externalId).sort()).toEqual([
      'WAUZZZF45PA031598',
      'WVGZZZE2ZNP004821',
    ]);
    expect(wallboxes).toEqual([expect.objectContaining({ id: 'prod-wb-1', includeSensitiveData: true })]);
  });

  it('lists the audit trail oldest first with who acted', async () => {
    const response = await t.call('GET', '/api/v1/invitations/inv-owner-paused/events', 'owner@example.com');
    expect(response.statusCode).toBe(200);
    const events = response.json() as { type: string; actorRole: string; actorName: string }[];
    expect(events.map((e) => e.type)).toEqual(['CREATED', 'CLAIMED', 'ACCEPTED', 'PAUSED']);
    expect(events[1]).toMatchObject({ actorRole: 'agent', actorName: 'SafeRoad Insurance' });
    expect(events[3]).toMatchObject({ actorRole: 'admin', actorName: 'Administrator' });
  });

  it('answers 403 INVITATION_FORBIDDEN for another owner and 404 for an unknown id', async () => {
    for (const path of ['permissions', 'events']) {
      const owner = (id: string) => t.call('GET', `/api/v1/invitations/${id}/${path}`, 'owner@example.com');
      expectError(await owner('inv-second-accepted'), 403, 'INVITATION_FORBIDDEN');
      expectError(await owner('nope'), 404, 'INVITATION_NOT_FOUND');
      const company: Refusal = ['fleet@example.com', 403, 'FORBIDDEN'];
      await expectRefusals(t, 'GET', `/api/v1/invitations/inv-owner-accepted/${path}`, [company]);
    }
  });
});
