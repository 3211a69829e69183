import { describe, expect, it } from 'vitest';
import {
  type AgentDataAccess,
  agentDataAccess,
  allowedActions,
  canTransition,
  filterStatuses,
  INVITATION_ACTIONS,
  INVITATION_STATUSES,
  type InvitationAction,
  type InvitationStatus,
  transition,
} from './invitation-lifecycle.ts';

// The expected outcome of every (status, event) pair, written out by hand as the specification
// of the lifecycle: a status name is the next status, anything else is the refusal code.
const S = INVITATION_STATUSES;
type Outcome =
  | InvitationStatus
  | 'INVALID_CODE'
  | 'INVALID_INVITATION_STATE'
  | 'INVALID_REVOKE_STATE'
  | 'INVALID_SHARING_STATE';
const X = 'INVALID_INVITATION_STATE';
const R = 'INVALID_REVOKE_STATE';
const C = 'INVALID_CODE';
const H = 'INVALID_SHARING_STATE';

// A declined or revoked invitation has ended: every event is refused, each with its own code.
const ENDED: Record<InvitationAction, Outcome> = {
  claim: C,
  accept: X,
  decline: X,
  revokeByOwner: R,
  revokeByAgent: R,
  suspend: H,
  resume: H,
};

const EXPECTED: Record<InvitationStatus, Record<InvitationAction, Outcome>> = {
  CREATED: {
    claim: 'CLAIMED',
    accept: X,
    decline: X,
    revokeByOwner: 'REVOKED_BEFORE_CLAIMED',
    revokeByAgent: R,
    suspend: H,
    resume: H,
  },
  CLAIMED: {
    claim: C,
    accept: 'ACCEPTED',
    decline: 'DECLINED',
    revokeByOwner: 'REVOKED_AFTER_CLAIMED',
    revokeByAgent: 'REVOKED_AFTER_CLAIMED',
    suspend: H,
    resume: H,
  },
  ACCEPTED: {
    claim: C,
    accept: X,
    decline: X,
    revokeByOwner: 'REVOKED_AFTER_ACCEPTED',
    revokeByAgent: 'REVOKED_AFTER_ACCEPTED',
    suspend: 'PAUSED_BY_ADMIN',
    resume: H,
  },
  DECLINED: ENDED,
  REVOKED_BEFORE_CLAIMED: ENDED,
  REVOKED_AFTER_CLAIMED: ENDED,
  REVOKED_AFTER_ACCEPTED: ENDED,
  PAUSED_BY_ADMIN: {
    claim: C,
    accept: X,
    decline: X,
    revokeByOwner: 'REVOKED_AFTER_ACCEPTED',
    revokeByAgent: 'REVOKED_AFTER_ACCEPTED',
    suspend: H,
    resume: 'ACCEPTED',
  },
};

const EVENT_TYPE: Record<InvitationAction, string> = {
  claim: 'CLAIMED',
  accept: 'ACCEPTED',
  decline: 'DECLINED',
  revokeByOwner: 'REVOKED',
  revokeByAgent: 'REVOKED',
  suspend: 'PAUSED',
  resume: 'RESUMED',
};

const ACTOR: Record<InvitationAction, string> = {
  claim: 'agent',
  accept: 'user',
  decline: 'user',
  revokeByOwner: 'user',
  revokeByAgent: 'agent',
  suspend: 'admin',
  resume: 'admin',
};

const pairs = S.flatMap((status) => INVITATION_ACTIONS.map((event) => [status, event] as const));

describe('transition', () => {
  it('covers the full cross product of statuses and events', () => {
    expect(pairs).toHaveLength(8 * 7);
  });

  it.each(pairs)('%s + %s', (status, event) => {
    const expected = EXPECTED[status][event];
    const result = transition(status, event);
    if ((S as readonly string[]).includes(expected)) {
      expect(result).toEqual({
        ok: true,
        next: expected,
        eventType: EVENT_TYPE[event],
        actorRole: ACTOR[event],
      });
      expect(canTransition(status, event)).toBe(true);
    } else {
      expect(result).toEqual({ ok: false, code: expected });
      expect(canTransition(status, event)).toBe(false);
    }
  });

  it('makes every revoked and declined status terminal', () => {
    for (const status of [
      'DECLINED',
      'REVOKED_BEFORE_CLAIMED',
      'REVOKED_AFTER_CLAIMED',
      'REVOKED_AFTER_ACCEPTED',
    ] as const) {
      expect(allowedActions(status)).toEqual([]);
    }
  });

  it('lists the events each live status allows', () => {
    expect(allowedActions('CREATED')).toEqual(['claim', 'revokeByOwner']);
    expect(allowedActions('CLAIMED')).toEqual(['accept', 'decline', 'revokeByOwner', 'revokeByAgent']);
    expect(allowedActions('ACCEPTED')).toEqual(['revokeByOwner', 'revokeByAgent', 'suspend']);
    expect(allowedActions('PAUSED_BY_ADMIN')).toEqual(['revokeByOwner', 'revokeByAgent', 'resume']);
  });

  it('reaches every status from CREATED', () => {
    const seen = new Set<InvitationStatus>(['CREATED']);
    const queue: InvitationStatus[] = ['CREATED'];
    for (let status = queue.shift(); status !== undefined; status = queue.shift()) {
      for (const event of INVITATION_ACTIONS) {
        const result = transition(status, event);
        if (result.ok && !seen.has(result.next)) {
          seen.add(result.next);
          queue.push(result.next);
        }
      }
    }
    expect([...seen].sort()).toEqual([...S].sort());
  });
});

describe('filterStatuses', () => {
  it('selects the statuses of each filter', () => {
    expect(filterStatuses('ACTIVE')).toEqual(['CREATED', 'ACCEPTED']);
    expect(filterStatuses('PENDING')).toEqual(['CLAIMED']);
    expect(filterStatuses('DECLINED')).toEqual(['DECLINED']);
    expect([...filterStatuses('REVOKED')].sort()).toEqual([
      'REVOKED_AFTER_ACCEPTED',
      'REVOKED_AFTER_CLAIMED',
      'REVOKED_BEFORE_CLAIMED',
    ]);
    expect([...filterStatuses('ALL')].sort()).toEqual([...S].sort());
  });
});

describe('agentDataAccess', () => {
  const table: [InvitationStatus, AgentDataAccess][] = S.map((status) => [
    status,
    status === 'ACCEPTED' ? 'granted' : status === 'PAUSED_BY_ADMIN' ? 'suspended' : 'none',
  ]);
  it.each(table)('%s gives the agent %s access', (status, access) => {
    expect(agentDataAccess(status)).toBe(access);
  });
});
