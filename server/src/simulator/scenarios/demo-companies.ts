// Seeded company registrations (AgentProfile): active, pending and rejected; newco@ has none.
import type { Db } from '../../db/client.ts';
import { USER_IDS } from './demo-people.ts';
import { daysBefore } from './time.ts';

interface CompanySeed {
  userId: string;
  status: 'pending' | 'rejected' | 'active';
  legalName: string;
  displayName: string;
  vatNumber: string;
  country: string;
  site: string | null;
  type: 'sme' | 'non_profit' | 'large';
  title: 'mr' | 'ms' | null;
  firstname: string;
  surname: string;
  submittedDaysAgo: number;
  decidedDaysAgo: number | null;
}

export const COMPANIES: readonly CompanySeed[] = [
  {
    userId: USER_IDS.fleet,
    status: 'active',
    legalName: 'Fleet Analytics GmbH',
    displayName: 'Fleet Analytics',
    vatNumber: '811907980',
    country: 'DE',
    site: 'Munich',
    type: 'large',
    title: 'ms',
    firstname: 'Fiona',
    surname: 'Fleet',
    submittedDaysAgo: 168,
    decidedDaysAgo: 166,
  },
  {
    userId: USER_IDS.chargewise,
    status: 'active',
    legalName: 'ChargeWise Mobility Ltd',
    displayName: 'ChargeWise',
    vatNumber: '6388047',
    country: 'IE',
    site: 'Dublin',
    type: 'sme',
    title: 'mr',
    firstname: 'Carlos',
    surname: 'Charge',
    submittedDaysAgo: 138,
    decidedDaysAgo: 135,
  },
  {
    userId: USER_IDS.saferoad,
    status: 'active',
    legalName: 'SafeRoad Insurance SA',
    displayName: 'SafeRoad Insurance',
    vatNumber: '40303265045',
    country: 'FR',
    site: 'Lyon',
    type: 'large',
    title: 'ms',
    firstname: 'Sofia',
    surname: 'Road',
    submittedDaysAgo: 128,
    decidedDaysAgo: 126,
  },
  {
    userId: USER_IDS.pending,
    status: 'pending',
    legalName: 'Voltaic Research B.V.',
    displayName: 'Voltaic Research',
    vatNumber: '859048217',
    country: 'NL',
    site: null,
    type: 'sme',
    title: null,
    firstname: 'Paul',
    surname: 'Pending',
    submittedDaysAgo: 2,
    decidedDaysAgo: null,
  },
  {
    userId: USER_IDS.rejected,
    status: 'rejected',
    legalName: 'Grey Data Brokers Ltd',
    displayName: 'Grey Data',
    vatNumber: '12345678',
    country: 'MT',
    site: 'Valletta',
    type: 'large',
    title: 'ms',
    firstname: 'Rita',
    surname: 'Rejected',
    submittedDaysAgo: 30,
    decidedDaysAgo: 25,
  },
  {
    // Submitted before Voltaic Research, so that one stays the newest application.
    userId: USER_IDS.review,
    status: 'pending',
    legalName: 'Northwind Telematics AB',
    displayName: 'Northwind Telematics',
    vatNumber: '556677889901',
    country: 'SE',
    site: 'Gothenburg',
    type: 'sme',
    title: 'ms',
    firstname: 'Rhea',
    surname: 'Review',
    submittedDaysAgo: 4,
    decidedDaysAgo: null,
  },
];

export async function seedCompanies(db: Db, now: Date): Promise<void> {
  await db.agentProfile.createMany({
    data: COMPANIES.map((c) => ({
      id: `agent-${c.userId.replace(/^user-/, '')}`,
      userId: c.userId,
      status: c.status,
      legalName: c.legalName,
      displayName: c.displayName,
      vatNumber: c.vatNumber,
      country: c.country,
      site: c.site,
      type: c.type,
      sanction: false,
      gatekeeper: false,
      representativeTitle: c.title,
      representativeFirstname: c.firstname,
      representativeSurname: c.surname,
      submittedAt: daysBefore(now, c.submittedDaysAgo),
      decidedAt: c.decidedDaysAgo === null ? null : daysBefore(now, c.decidedDaysAgo),
      decidedById: c.decidedDaysAgo === null ? null : USER_IDS.admin,
    })),
  });
}
