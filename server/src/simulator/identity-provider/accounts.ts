import type { PortalDeps } from '../../deps.ts';
import type { PageAccount, SignUpKind } from './interaction-page.ts';

const roleOrder: Record<string, number> = { user: 0, agent: 1, admin: 2 };
const emailPattern = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

const MAX_ACCOUNTS = 200;

/**
 * The accounts to pick from, people first, then companies, then administrators: the personas
 * (`@example.com`) always, then others up to 200 (a large scenario has tens of thousands).
 */
export async function listAccounts({ reads }: Pick<PortalDeps, 'reads'>): Promise<PageAccount[]> {
  const accounts = await reads.lists.accounts(MAX_ACCOUNTS);
  // The rows may be remembered (frozen, shared by later reads): sorted as a copy.
  return [...accounts].sort((a, b) => (roleOrder[a.role] ?? 9) - (roleOrder[b.role] ?? 9));
}

export type SignUpResult = { ok: true; userId: string } | { ok: false; message: string };

/**
 * A new person (role user) or company (role agent). Nothing else is created: a person has not accepted
 * the terms yet and a company has no registration, so the app shows the terms modal or the registration form.
 */
export async function signUp(
  { prisma, clock }: Pick<PortalDeps, 'prisma' | 'clock'>,
  kind: SignUpKind,
  rawName: string,
  rawEmail: string,
): Promise<SignUpResult> {
  const fullName = rawName.trim();
  const email = rawEmail.trim().toLowerCase();
  const who = kind === 'user' ? 'your full name' : 'a contact name';
  if (fullName.length === 0 || fullName.length > 100) {
    return { ok: false, message: `Enter ${who} (up to 100 characters).` };
  }
  if (email.length > 254 || !emailPattern.test(email)) {
    return { ok: false, message: 'Enter an email address such as name@example.com.' };
  }
  const existing = await prisma.user.findUnique({ where: { email } });
  if (existing) {
    return { ok: false, message: `An account for ${email} already exists. Choose it from the list above.` };
  }
  const user = await prisma.user.create({ data: { email, fullName, role: kind, createdAt: clock.now() } });
  return { ok: true, userId: user.id };
}
