import { badRequest } from '../lib/app-error.ts';
import { frozenAnswer } from '../lib/frozen-answers.ts';
import { whenReady } from '../lib/maybe-promise.ts';
import { callerOf, defineRoute } from '../lib/route.ts';
import {
  deleteAgentFile,
  draftSectionRoom,
  listAgentFiles,
  MAX_FILE_BYTES,
  MAX_FILES_PER_SECTION,
  receiveFiles,
  storeAgentFiles,
} from '../services/agent-files.ts';
import { type AgentStatus, agentStatus, submitRegistration } from '../services/agent-registration.ts';

/** One frozen answer per status: checked against the contract and serialised once (decision 0034). */
const statusAnswers = new Map<string | null, { status: AgentStatus | null }>();
function statusAnswer(status: AgentStatus | null) {
  let answer = statusAnswers.get(status);
  if (answer === undefined) {
    answer = frozenAnswer({ status });
    statusAnswers.set(status, answer);
  }
  return answer;
}

/** Company registration: status, documents (upload, list, delete) and submission. */
export function agentRegistrationRoutes() {
  const agent = ['agent'] as const;
  return [
    defineRoute({
      operationId: 'getAgentStatus',
      roles: agent,
      handler: ({ world, user, request }) =>
        whenReady(agentStatus(world, callerOf(user).id, request.arrivedAt), statusAnswer),
    }),
    defineRoute({
      operationId: 'submitAgentRegistration',
      roles: agent,
      status: 201,
      handler: ({ world, user, body }) => submitRegistration(world, callerOf(user).id, body),
    }),
    defineRoute({
      operationId: 'listAgentFiles',
      roles: agent,
      handler: ({ world, user }) => listAgentFiles(world, callerOf(user).id),
    }),
    defineRoute({
      operationId: 'uploadAgentFiles',
      roles: agent,
      status: 201,
      rawBody: true,
      async handler({ world, user, params, request }) {
        const { id } = callerOf(user);
        if (!request.isMultipart()) {
          throw badRequest('VALIDATION_FAILED', 'Send the files as multipart/form-data in the field "file".');
        }
        const room = await draftSectionRoom(world, id, params.section);
        const received = await receiveFiles(
          request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES_PER_SECTION, fields: 0 } }),
          room,
        );
        return storeAgentFiles(world, id, params.section, received);
      },
    }),
    defineRoute({
      operationId: 'deleteAgentFile',
      roles: agent,
      status: 204,
      async handler({ world, user, params }) {
        await deleteAgentFile(world, callerOf(user).id, params.id);
        return undefined;
      },
    }),
  ];
}
