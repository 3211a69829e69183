import { create as contentDisposition } from 'content-disposition';
import { notFound } from '../lib/app-error.ts';
import { whenReady } from '../lib/maybe-promise.ts';
import { answerList, readPage } from '../lib/paging.ts';
import { callerOf, defineRoute, type RouteContext } from '../lib/route.ts';
import {
  applicationsSource,
  changeSharing,
  decideApplication,
  findApplicationFile,
  sharingsSource,
} from '../services/admin.ts';
import { openAgentDocument } from '../services/agent-files.ts';

/** Admin: company applications and their documents, and control over sharings. */
export function adminRoutes() {
  const admin = ['admin'] as const;
  const fileNotFound = () => notFound('FILE_NOT_FOUND', 'This file could not be found.');
  // The admin's two decisions on an application, and the two changes to a sharing.
  const decide =
    (status: 'active' | 'rejected') =>
    ({ world, user, params }: RouteContext<'approveAgentApplication' | 'rejectAgentApplication'>) =>
      decideApplication(world, callerOf(user).id, params.id, status);
  const change =
    (action: 'suspend' | 'resume') =>
    ({ world, user, params }: RouteContext<'suspendSharing' | 'resumeSharing'>) =>
      changeSharing(world, callerOf(user).id, params.id, action);
  return [
    defineRoute({
      operationId: 'listAgentApplications',
      roles: admin,
      handler({ world, query, reply }) {
        const page = readPage(query, `listAgentApplications:${query.status ?? ''}`);
        return answerList(reply, page, applicationsSource(world, query.status, page.q));
      },
    }),
    defineRoute({
      operationId: 'downloadApplicationFile',
      roles: admin,
      // Sent in the same turn when the row is read at once and the bytes are kept (decision 0150).
      handler: ({ world, params, reply }) =>
        whenReady(findApplicationFile(world, params.id), (file) => {
          if (!file) throw fileNotFound();
          return whenReady(openAgentDocument(world, file), (stored) => {
            if (!stored) throw fileNotFound();
            // Uploaded content is never rendered by the browser: a download, of the type checked at upload.
            return reply
              .header('content-type', file.contentType)
              .header('content-disposition', contentDisposition(file.filename))
              .header('content-length', String(stored.size))
              .header('x-content-type-options', 'nosniff')
              .header('cache-control', 'no-store')
              .send(stored.body);
          });
        }),
    }),
    defineRoute({ operationId: 'approveAgentApplication', roles: admin, handler: decide('active') }),
    defineRoute({ operationId: 'rejectAgentApplication', roles: admin, handler: decide('rejected') }),
    defineRoute({
      operationId: 'listSharings',
      roles: admin,
      handler({ world, query, reply }) {
        const page = readPage(query, 'listSharings');
        return answerList(reply, page, sharingsSource(world, page.q));
      },
    }),
    defineRoute({ operationId: 'suspendSharing', roles: admin, handler: change('suspend') }),
    defineRoute({ operationId: 'resumeSharing', roles: admin, handler: change('resume') }),
  ];
}
