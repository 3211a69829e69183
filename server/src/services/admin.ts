import type { components } from '@portal/contract/schema';
import { isoFromStored } from '../db/connected-users.ts';
import type { ApplicationRow, SharingRow } from '../db/list-reads.ts';
import { isRowNotFound, writeRows } from '../db/row-writes.ts';
import type { InvitationStatus } from '../domain/invitation-lifecycle.ts';
import { conflict, notFound } from '../lib/app-error.ts';
import { type ListSource, pagedSource, searchWords } from '../lib/paging.ts';
import type { World } from '../world.ts';
import type { FileSection } from './agent-files.ts';
import type { AgentStatus } from './agent-registration.ts';
import { transitionInvitation } from './invitation-transitions.ts';

type Schemas = components['schemas'];
type AgentApplication = Schemas['AgentApplication'];
type Sharing = Schemas['Sharing'];
type Deps = Pick<World, 'prisma' | 'reads' | 'clock'>;

/** An application as the list reads it (db/list-reads.ts). */
function toApplication(row: ApplicationRow): AgentApplication {
  return {
    id: row.id,
    status: row.status as AgentStatus,
    email: row.email,
    fullName: row.fullName,
    submittedAt: isoFromStored(row.submittedAt),
    decidedAt: row.decidedAt === null ? null : isoFromStored(row.decidedAt),
    registration: {
      legalName: row.legalName,
      displayName: row.displayName,
      vatNumber: row.vatNumber,
      country: row.country,
      site: row.site,
      type: row.type as AgentApplication['registration']['type'],
      sanction: row.sanction === true || row.sanction === 1,
      gatekeeper: row.gatekeeper === true || row.gatekeeper === 1,
      representative: {
        title: row.representativeTitle as 'mr' | 'ms' | null,
        firstname: row.representativeFirstname,
        surname: row.representativeSurname,
      },
    },
    files: row.files.map((file) => ({
      id: file.id,
      section: file.section as FileSection,
      filename: file.filename,
      size: file.size,
      contentType: file.contentType as 'application/pdf' | 'image/png',
    })),
  };
}

const applicationItems = new WeakMap<readonly ApplicationRow[], AgentApplication[]>();
const sharingItems = new WeakMap<readonly SharingRow[], Sharing[]>();

/**
 * Submitted registrations, newest first, optionally one status, searched in the database: one joined
 * statement per page and one for its documents (db/list-reads.ts).
 */
export function applicationsSource(
  { reads }: Pick<World, 'reads'>,
  status?: AgentStatus,
  q?: string,
): ListSource<ApplicationRow, AgentApplication> {
  const query = { status, words: searchWords(q) };
  return pagedSource(reads.lists.applications, query, {
    position: (row) => ({ at: new Date(row.submittedAt), id: row.id }),
    toItem: toApplication,
    items: applicationItems,
  });
}

/** pending → active or rejected; a conditional write, so two admins deciding at once cannot both win. */
export async function decideApplication(
  { prisma, reads, clock }: Deps,
  adminId: string,
  id: string,
  status: 'active' | 'rejected',
): Promise<AgentApplication> {
  const decided = await writeRows(prisma, [
    {
      update: 'AgentProfile',
      where: { id, status: 'pending' },
      set: { status, decidedAt: clock.now(), decidedById: adminId },
    },
  ]).then(
    () => true,
    (error: unknown) => {
      if (isRowNotFound(error)) return false;
      throw error;
    },
  );
  const row = await reads.lists.application(id);
  if (!row) throw notFound('APPLICATION_NOT_FOUND', 'This application could not be found.');
  if (!decided) {
    throw conflict(
      'INVALID_APPLICATION_STATE',
      `This application is already ${row.status}; only pending ones can be decided.`,
    );
  }
  return toApplication(row);
}

/** A sharing as the list reads it (db/list-reads.ts). */
function toSharing({ status, agentDisplayName, agentFullName, agentEmail, ...row }: SharingRow): Sharing {
  // The rest (id, the owner's e-mail and name, the product count) is named as the API names it.
  return {
    ...row,
    status: status as InvitationStatus,
    agentName: (agentDisplayName ?? agentFullName ?? '').slice(0, 100),
    agentEmail: agentEmail ?? '',
    createdAt: isoFromStored(row.createdAt),
    statusChangedAt: isoFromStored(row.statusChangedAt),
  };
}

/**
 * Every redeemed invitation (a sharing exists once a company has claimed the code), newest first:
 * one joined statement per page (db/list-reads.ts).
 */
export function sharingsSource({ reads }: Pick<World, 'reads'>, q?: string): ListSource<SharingRow, Sharing> {
  const query = { words: searchWords(q) };
  return pagedSource(reads.lists.sharings, query, {
    position: (row) => ({ at: new Date(row.createdAt), id: row.id }),
    toItem: toSharing,
    items: sharingItems,
  });
}

const sharingNotFound = () => notFound('SHARING_NOT_FOUND', 'This sharing could not be found.');

/** ACCEPTED → PAUSED_BY_ADMIN (suspend) or back (resume), through the invitation lifecycle. */
export async function changeSharing(world: Deps, adminId: string, id: string, event: 'suspend' | 'resume') {
  await transitionInvitation(world, {
    invitationId: id,
    event,
    actor: { id: adminId, role: 'admin' },
    missing: sharingNotFound,
    authorise: (invitation) => {
      if (!invitation.agentId) throw sharingNotFound();
    },
    refusal: () =>
      conflict(
        'INVALID_SHARING_STATE',
        event === 'suspend'
          ? 'Only an active sharing can be suspended.'
          : 'Only a suspended sharing can be resumed.',
      ),
  });
  const row = await world.reads.lists.sharing(id);
  if (!row) throw sharingNotFound();
  return toSharing(row);
}

/** A registration document by id (admins see every company's). */
export function findApplicationFile({ reads }: Pick<World, 'reads'>, id: string) {
  return reads.lists.agentFile(id);
}
