// The seeded invitations: owner@ has one in every status; fleet@ has connected users
// (owner@ and second@) in every status an invitation with an agent can have.
import { USER_IDS } from './demo-people.ts';

export const INVITATION_TTL_DAYS = 14;

export type InvitationStatus =
  | 'CREATED'
  | 'CLAIMED'
  | 'ACCEPTED'
  | 'DECLINED'
  | 'REVOKED_BEFORE_CLAIMED'
  | 'REVOKED_AFTER_CLAIMED'
  | 'REVOKED_AFTER_ACCEPTED'
  | 'PAUSED_BY_ADMIN';

export interface InvitationSeed {
  id: string;
  ownerId: string;
  agentId: string | null;
  status: InvitationStatus;
  /** Days before `now` of each step; later steps are omitted when they did not happen. */
  created: number;
  claimed?: number;
  accepted?: number;
  /** the final decline / revoke / pause */
  ended?: number;
  endedBy?: 'user' | 'agent' | 'admin';
  downloaded?: number;
  /** [productId, includeSensitiveData] */
  products: Array<[string, boolean]>;
}

const { owner, second, fleet, chargewise, saferoad } = USER_IDS;

export const INVITATIONS: readonly InvitationSeed[] = [
  // owner@: every status
  {
    id: 'inv-owner-created',
    ownerId: owner,
    agentId: null,
    status: 'CREATED',
    created: 3,
    products: [
      ['prod-veh-1', true],
      ['prod-wb-1', false],
    ],
  },
  {
    id: 'inv-owner-revoked-before-claimed',
    ownerId: owner,
    agentId: null,
    status: 'REVOKED_BEFORE_CLAIMED',
    created: 25,
    ended: 24,
    endedBy: 'user',
    products: [['prod-veh-2', false]],
  },
  {
    id: 'inv-owner-claimed',
    ownerId: owner,
    agentId: fleet,
    status: 'CLAIMED',
    created: 6,
    claimed: 5,
    products: [
      ['prod-veh-1', false],
      ['prod-veh-2', false],
    ],
  },
  {
    id: 'inv-owner-accepted',
    ownerId: owner,
    agentId: fleet,
    status: 'ACCEPTED',
    created: 60,
    claimed: 59,
    accepted: 58,
    downloaded: 20,
    products: [
      ['prod-veh-1', true],
      ['prod-veh-3', false],
      ['prod-wb-1', true],
    ],
  },
  {
    id: 'inv-owner-declined',
    ownerId: owner,
    agentId: chargewise,
    status: 'DECLINED',
    created: 40,
    claimed: 39,
    ended: 38,
    endedBy: 'user',
    products: [['prod-wb-1', false]],
  },
  {
    id: 'inv-owner-revoked-after-claimed',
    ownerId: owner,
    agentId: chargewise,
    status: 'REVOKED_AFTER_CLAIMED',
    created: 30,
    claimed: 29,
    ended: 27,
    endedBy: 'agent',
    products: [['prod-veh-2', false]],
  },
  {
    id: 'inv-owner-revoked-after-accepted',
    ownerId: owner,
    agentId: saferoad,
    status: 'REVOKED_AFTER_ACCEPTED',
    created: 80,
    claimed: 79,
    accepted: 78,
    ended: 10,
    endedBy: 'user',
    products: [
      ['prod-veh-1', false],
      ['prod-veh-2', false],
    ],
  },
  {
    id: 'inv-owner-paused',
    ownerId: owner,
    agentId: saferoad,
    status: 'PAUSED_BY_ADMIN',
    created: 50,
    claimed: 49,
    accepted: 48,
    ended: 7,
    endedBy: 'admin',
    products: [
      ['prod-veh-2', false],
      ['prod-wb-1', false],
    ],
  },
  // second@ -> fleet@: the remaining statuses on the company's side
  {
    id: 'inv-second-accepted',
    ownerId: second,
    agentId: fleet,
    status: 'ACCEPTED',
    created: 45,
    claimed: 44,
    accepted: 43,
    products: [
      ['prod-veh-4', true],
      ['prod-wb-3', true],
    ],
  },
  {
    id: 'inv-second-declined',
    ownerId: second,
    agentId: fleet,
    status: 'DECLINED',
    created: 35,
    claimed: 34,
    ended: 33,
    endedBy: 'user',
    products: [['prod-wb-3', false]],
  },
  {
    id: 'inv-second-revoked-after-claimed',
    ownerId: second,
    agentId: fleet,
    status: 'REVOKED_AFTER_CLAIMED',
    created: 28,
    claimed: 27,
    ended: 26,
    endedBy: 'user',
    products: [['prod-veh-4', false]],
  },
  {
    id: 'inv-second-revoked-after-accepted',
    ownerId: second,
    agentId: fleet,
    status: 'REVOKED_AFTER_ACCEPTED',
    created: 70,
    claimed: 69,
    accepted: 68,
    ended: 15,
    endedBy: 'agent',
    products: [['prod-veh-4', true]],
  },
  {
    id: 'inv-second-paused',
    ownerId: second,
    agentId: fleet,
    status: 'PAUSED_BY_ADMIN',
    created: 55,
    claimed: 54,
    accepted: 53,
    ended: 5,
    endedBy: 'admin',
    products: [
      ['prod-veh-4', false],
      ['prod-wb-3', false],
    ],
  },
  // second@ -> ChargeWise, waiting for second@'s decision: revokeInvitation's example removes it
  // (decision 0032: each state-changing example has its own object).
  {
    id: 'inv-second-claimed',
    ownerId: second,
    agentId: chargewise,
    status: 'CLAIMED',
    created: 4,
    claimed: 3,
    products: [['prod-wb-3', false]],
  },
];
