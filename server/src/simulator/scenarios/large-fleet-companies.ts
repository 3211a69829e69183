// Company registrations (AgentProfile) for the large-fleet scenario: the admin's applications list.

import type { Row } from './bulk-insert.ts';
import { USER_IDS } from './demo-people.ts';
import { COMPANY_KINDS, COMPANY_WORDS, emailLocalPart, FIRST_NAMES, LEGAL_FORMS, SURNAMES } from './names.ts';
import type { Random } from './random.ts';
import { daysBefore } from './time.ts';

const COUNTRIES = ['DE', 'FR', 'IT', 'ES', 'NL', 'BE', 'AT', 'PL', 'SE', 'DK', 'FI', 'IE', 'PT', 'GR', 'CZ'];
const SITES = [
  'Berlin',
  'Paris',
  'Milan',
  'Madrid',
  'Rotterdam',
  'Brussels',
  'Vienna',
  'Warsaw',
  'Stockholm',
];
const TYPES = ['sme', 'large', 'non_profit'] as const;

export function generateApplications(
  random: Random,
  now: Date,
  count: number,
): { users: Row[]; profiles: Row[] } {
  const users: Row[] = [];
  const profiles: Row[] = [];
  const width = String(count).length;
  for (let i = 1; i <= count; i++) {
    const n = String(i).padStart(width, '0');
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(SURNAMES);
    const brand = `${random.pick(COMPANY_WORDS)} ${random.pick(COMPANY_KINDS)}`;
    const submitted = random.next() * 730;
    const status = i % 5 === 0 ? 'rejected' : i % 5 < 3 ? 'pending' : 'active';
    const decided = status === 'pending' ? null : random.next() * submitted;
    const userId = `lf-agent-${n}`;
    users.push({
      id: userId,
      email: `${emailLocalPart(first, last)}.${n}@${emailLocalPart(brand).replace(/\./g, '-')}.example.com`,
      fullName: `${first} ${last}`,
      role: 'agent',
      createdAt: daysBefore(now, submitted + 1),
    });
    profiles.push({
      id: `agent-lf-${n}`,
      userId,
      status,
      legalName: `${brand} ${random.pick(LEGAL_FORMS)}`,
      displayName: brand,
      vatNumber: String(random.int(10_000_000, 999_999_999)),
      country: random.pick(COUNTRIES),
      site: random.chance(0.7) ? random.pick(SITES) : null,
      type: random.pick(TYPES),
      sanction: false,
      gatekeeper: false,
      representativeTitle: random.pick(['mr', 'ms', null]),
      representativeFirstname: first,
      representativeSurname: last,
      submittedAt: daysBefore(now, submitted),
      decidedAt: decided === null ? null : daysBefore(now, decided),
      decidedById: decided === null ? null : USER_IDS.admin,
    });
  }
  return { users, profiles };
}
