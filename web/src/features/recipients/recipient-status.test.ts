import { describe, expect, it } from 'vitest';
import { avatarStyleOf, displayStatusOf, type InvitationStatus } from '../../lib/invitation-status.ts';
import { actionsFor, dateLabelsOf } from './recipient-status.ts';
import { entry } from './recipients-test-helpers.ts';

describe('recipient status display', () => {
  it.each([
    ['CREATED', 'active', 'normal'],
    ['ACCEPTED', 'active', 'normal'],
    ['CLAIMED', 'pending', 'dotted'],
    ['DECLINED', 'declined', 'disabled'],
    ['REVOKED_AFTER_ACCEPTED', 'revoked', 'disabled'],
    ['REVOKED_BEFORE_CLAIMED', 'revoked', 'disabled'],
    ['REVOKED_AFTER_CLAIMED', 'revoked', 'disabled'],
    ['PAUSED_BY_ADMIN', 'paused', 'mixed'],
  ] as const)('%s is shown as %s with a %s avatar', (status: InvitationStatus, shown, avatar) => {
    expect(displayStatusOf(status)).toBe(shown);
    expect(avatarStyleOf(displayStatusOf(status))).toBe(avatar);
  });

  it.each([
    ['ACCEPTED', [{ key: 'added', date: 'changed' }]],
    ['REVOKED_AFTER_CLAIMED', [{ key: 'removed', date: 'changed' }]],
    ['DECLINED', [{ key: 'declined', date: 'changed' }]],
    ['PAUSED_BY_ADMIN', [{ key: 'suspended', date: 'changed' }]],
    ['CLAIMED', [{ key: 'code', code: 'C-1' }]],
  ] as const)('an agent %s shows %j', (status, labels) => {
    const item = entry({ id: 'a', status, code: 'C-1', statusChangedAt: 'changed' });
    expect(dateLabelsOf(item)).toEqual(labels);
  });

  it.each([
    [
      'CREATED',
      [
        { key: 'created', date: 'created' },
        { key: 'expires', date: 'expires' },
      ],
    ],
    [
      'REVOKED_BEFORE_CLAIMED',
      [
        { key: 'created', date: 'created' },
        { key: 'deleted', date: 'changed' },
      ],
    ],
  ] as const)('an invitation %s shows %j', (status, labels) => {
    const item = entry({
      id: 'i',
      type: 'invitation',
      status,
      createdAt: 'created',
      expiresAt: 'expires',
      statusChangedAt: 'changed',
    });
    expect(dateLabelsOf(item)).toEqual(labels);
  });

  it('offers actions by displayed status', () => {
    const agent = (status: InvitationStatus) => entry({ id: 'a', status });
    const link = (status: InvitationStatus) => entry({ id: 'i', type: 'invitation', status });
    expect(actionsFor(agent('ACCEPTED'), false)).toEqual(['viewPermissions', 'removeAgent']);
    expect(actionsFor(agent('CLAIMED'), true)).toEqual(['viewPermissions']);
    expect(actionsFor(agent('CLAIMED'), false)).toEqual(['viewPermissions', 'accept', 'decline']);
    expect(actionsFor(agent('DECLINED'), false)).toEqual([]);
    expect(actionsFor(agent('PAUSED_BY_ADMIN'), false)).toEqual([]);
    expect(actionsFor(link('CREATED'), false)).toEqual(['copyLink', 'viewPermissions', 'deleteLink']);
    expect(actionsFor(link('REVOKED_BEFORE_CLAIMED'), false)).toEqual([]);
  });
});
