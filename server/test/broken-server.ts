// A deliberately broken back end for the conformance kit's own tests: a loopback proxy in front of
// the reference server that breaks five things on purpose, each the kind of defect an integrator's
// back end really has.
import { createServer, type IncomingMessage, type Server } from 'node:http';

export const breakages = {
  /** listProducts answers `collectionEnabled` instead of `dataCollectionEnabled`. */
  renamedField: 'listProducts',
  /** getInvitationPermissions answers 200 with empty lists where it must answer 404. */
  droppedStatus: 'getInvitationPermissions',
  /** getConnectedInvitationPermissions ignores who asks: another company sees fleet@'s connected user. */
  leakedRow: 'getConnectedInvitationPermissions',
  /** listDownloadJobs always fails with a bare 500 page. */
  serverError: 'listDownloadJobs',
  /** getUserGuide drops its required `ETag`, so no client can revalidate the document. */
  droppedHeader: 'getUserGuide',
} as const;

const readBody = async (stream: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export interface BrokenServer {
  url: string;
  close(): Promise<void>;
}

export async function startBrokenServer(upstream: string): Promise<BrokenServer> {
  let ownOrigin = '';
  const server: Server = createServer(async (request, response) => {
    const url = request.url ?? '/';
    const path = url.split('?')[0] ?? '/';
    const headers = { ...request.headers } as Record<string, string>;
    delete headers.host;
    // Our own origin is the upstream's as far as the reference server knows; any other origin stays.
    if (headers.origin === ownOrigin) headers.origin = new URL(upstream).origin;
    if (request.method === 'GET' && /^\/api\/v1\/agents\/invitations\/[^/]+\/permissions$/.test(path)) {
      headers['x-user-id'] = 'fleet@example.com'; // leakedRow: the caller's identity is dropped
    }
    if (request.method === 'GET' && path === '/api/v1/products/download/jobs') {
      response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error'); // serverError
      return;
    }
    const body = await readBody(request);
    const answer = await fetch(new URL(url, upstream), {
      method: request.method,
      headers,
      body: ['GET', 'HEAD'].includes(request.method ?? 'GET') ? undefined : body,
      redirect: 'manual',
    });
    let payload = Buffer.from(await answer.arrayBuffer());
    let status = answer.status;
    if (request.method === 'GET' && path === '/api/v1/products' && status === 200) {
      payload = Buffer.from(
        payload.toString('utf8').replaceAll('"dataCollectionEnabled"', '"collectionEnabled"'),
      );
    }
    if (
      request.method === 'GET' &&
      /^\/api\/v1\/invitations\/[^/]+\/permissions$/.test(path) &&
      status === 404
    ) {
      status = 200; // droppedStatus: never 404
      payload = Buffer.from('{"vehicles":[],"wallboxes":[]}');
    }
    const outgoing: Record<string, string> = {};
    const dropped = ['content-length', 'content-encoding', 'transfer-encoding', 'connection'];
    if (path === '/manuals') dropped.push('etag'); // droppedHeader
    answer.headers.forEach((value, name) => {
      if (!dropped.includes(name)) outgoing[name] = value;
    });
    response.writeHead(status, outgoing).end(payload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  ownOrigin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url: ownOrigin,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
