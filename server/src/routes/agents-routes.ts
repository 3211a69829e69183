import type { PortalDeps } from '../deps.ts';
import { badRequest } from '../lib/app-error.ts';
import { callerOf, defineRoute } from '../lib/route.ts';
import {
  assertDraftRegistration,
  deleteAgentFile,
  listAgentFiles,
  MAX_FILE_BYTES,
  MAX_FILES_PER_SECTION,
  receiveFiles,
  sectionRoom,
  storeAgentFiles,
} from '../services/agent-files.ts';
import { agentStatus, submitRegistration } from '../services/agent-registration.ts';

/** Company registration: status, documents (upload, list, delete) and submission. */
export function agentsRoutes(deps: PortalDeps) {
  const agent = ['agent'] as const;
  return [
    defineRoute({
      operationId: 'getAgentStatus',
      roles: agent,
      handler: async ({ user }) => ({ status: await agentStatus(deps, callerOf(user).id) }),
    }),
    defineRoute({
      operationId: 'submitAgentRegistration',
      roles: agent,
      status: 201,
      handler: async ({ user, body }) => submitRegistration(deps, callerOf(user).id, body),
    }),
    defineRoute({
      operationId: 'listAgentFiles',
      roles: agent,
      handler: async ({ user }) => listAgentFiles(deps, callerOf(user).id),
    }),
    defineRoute({
      operationId: 'uploadAgentFiles',
      roles: agent,
      status: 201,
      rawBody: true,
      async handler({ user, params, request }) {
        const { id } = callerOf(user);
        if (!request.isMultipart()) {
          throw badRequest('VALIDATION_FAILED', 'Send the files as multipart/form-data in the field "file".');
        }
        await assertDraftRegistration(deps, id);
        const room = await sectionRoom(deps, id, params.section);
        const received = await receiveFiles(
          request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES_PER_SECTION, fields: 0 } }),
          room,
        );
        return storeAgentFiles(deps, id, params.section, received);
      },
    }),
    defineRoute({
      operationId: 'deleteAgentFile',
      roles: agent,
      status: 204,
      async handler({ user, params }) {
        await deleteAgentFile(deps, callerOf(user).id, params.id);
        return undefined;
      },
    }),
  ];
}
