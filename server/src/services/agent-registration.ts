import type { components } from '@portal/contract/schema';
import { newRowId } from '../db/row-ids.ts';
import { checkedWrite } from '../db/row-writes.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { badRequest, conflict } from '../lib/app-error.ts';
import { type MaybePromise, whenReady } from '../lib/maybe-promise.ts';
import type { World } from '../world.ts';
import type { FileSection } from './agent-files.ts';

type AgentRegistration = components['schemas']['AgentRegistration'];
export type AgentStatus = components['schemas']['AgentStatus'];

const SECTION_NAMES: Readonly<Record<FileSection, string>> = {
  REGISTRATION: 'registry extract (REGISTRATION)',
  CERTIFICATE: 'domain certificate (CERTIFICATE)',
  SME_CONFIRMATION: 'SME size confirmation (SME_CONFIRMATION)',
  REPRESENTATIVE: 'evidence of the authorised representative (REPRESENTATIVE)',
};

/** The company's registration status (one prepared read, db/list-reads.ts), null before it submits. */
export function agentStatus(
  { reads }: Pick<World, 'reads'>,
  userId: string,
  /** When the caller's request arrived (`request.arrivedAt`). */
  arrivedAt?: number,
): MaybePromise<AgentStatus | null> {
  return whenReady(
    reads.lists.agentStatus(userId, arrivedAt),
    (status) => (status as AgentStatus | undefined) ?? null,
  );
}

/**
 * Text fields are plain text (docs/product-rules.md, Validation): surrounding space is dropped, a field of only spaces
 * counts as empty, and markup or control characters are refused rather than silently altered.
 */
function plainText(value: string, field: string, required: boolean): string | null {
  const text = value.trim();
  if (text.length === 0) {
    if (required) throw badRequest('VALIDATION_FAILED', 'This field is required', field);
    return null;
  }
  if (/[<>\p{Cc}]/u.test(text)) {
    throw badRequest(
      'VALIDATION_FAILED',
      'Only plain text is allowed (no markup or control characters).',
      field,
    );
  }
  return text;
}

function requiredSections(type: AgentRegistration['type']): FileSection[] {
  return type === 'sme'
    ? ['REGISTRATION', 'SME_CONFIRMATION', 'REPRESENTATIVE']
    : ['REGISTRATION', 'REPRESENTATIVE'];
}

const alreadySubmitted = () =>
  conflict(
    'REGISTRATION_EXISTS',
    'Your company registration was already submitted. An admin will contact you.',
  );

/** The referenced documents are the caller's own, not yet submitted, and cover every required section. */
function checkDocuments(body: AgentRegistration, files: readonly { id: string; section: string }[]): void {
  if (files.length !== body.fileIds.length) {
    throw badRequest(
      'VALIDATION_FAILED',
      'A referenced document is not one of your uploaded files.',
      'fileIds',
    );
  }
  const present = new Set(files.map((file) => file.section));
  const missing = requiredSections(body.type).filter((section) => !present.has(section));
  if (missing.length > 0) {
    const names = missing.map((section) => SECTION_NAMES[section]).join(', ');
    throw badRequest('MISSING_DOCUMENTS', `Add at least one document for: ${names}.`, 'fileIds');
  }
}

/**
 * Submits the company's registration (→ pending) and locks the referenced documents. One registration
 * per company: a pending, active or rejected company cannot submit again (a rejected company is
 * contacted by an admin, docs/product-rules.md, Registration), so the answer is 409 REGISTRATION_EXISTS.
 */
export async function submitRegistration(
  { prisma, clock }: Pick<World, 'prisma' | 'clock'>,
  userId: string,
  body: AgentRegistration,
): Promise<{ status: 'pending' }> {
  const legalName = plainText(body.legalName, 'legalName', true) as string;
  const displayName = plainText(body.displayName, 'displayName', true) as string;
  const firstname = plainText(body.representative.firstname, 'representative.firstname', true) as string;
  const surname = plainText(body.representative.surname, 'representative.surname', true) as string;
  const site = plainText(body.site ?? '', 'site', false);

  const profile = {
    userId,
    status: 'pending',
    legalName,
    displayName,
    vatNumber: body.vatNumber,
    country: body.country,
    site,
    type: body.type,
    sanction: body.sanction,
    gatekeeper: body.gatekeeper,
    representativeTitle: body.representative.title ?? null,
    representativeFirstname: firstname,
    representativeSurname: surname,
    submittedAt: clock.now(),
  };
  try {
    await checkedWrite(prisma, `registration:${userId}`, {
      onLane(writer) {
        if (writer.get('SELECT 1 AS found FROM "AgentProfile" WHERE "userId" = ?', userId))
          throw alreadySubmitted();
        checkDocuments(
          body,
          writer.all<{ id: string; section: string }>(
            `SELECT id, section FROM "AgentFile"
              WHERE id IN (SELECT value FROM json_each(?)) AND "userId" = ? AND submitted = 0`,
            JSON.stringify(body.fileIds),
            userId,
          ),
        );
        writer.insert('AgentProfile', { id: newRowId(), ...profile });
        for (const id of new Set(body.fileIds))
          writer.update('AgentFile', { id, userId }, { submitted: true });
      },
      async onPrisma(tx) {
        if (await tx.agentProfile.findUnique({ where: { userId }, select: { id: true } }))
          throw alreadySubmitted();
        checkDocuments(
          body,
          await tx.agentFile.findMany({
            where: { id: { in: body.fileIds }, userId, submitted: false },
            select: { id: true, section: true },
          }),
        );
        await tx.agentProfile.create({ data: profile });
        await tx.agentFile.updateMany({
          where: { id: { in: body.fileIds }, userId },
          data: { submitted: true },
        });
      },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')
      throw alreadySubmitted();
    throw error;
  }
  return { status: 'pending' };
}
