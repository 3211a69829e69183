import { once } from 'node:events';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { isFailure, keptAliveClient, sendRaw, type WireAnswer, type WireResult } from '../../test/wire.ts';
import { makePdf } from '../simulator/scenarios/demo-files.ts';

// The connection under the operations: what a client sees on its socket after a refusal, when it is
// slow, when it sends what is not HTTP. Over real sockets, with short limits.
// Short limits for the slow clients; the refusals run on a server with the default ones.
const limits = { headersMs: 500, requestMs: 1_000, idleMs: 1_500 };
const slowClients = {
  env: {
    HEADERS_TIMEOUT_MS: String(limits.headersMs),
    REQUEST_TIMEOUT_MS: String(limits.requestMs),
    IDLE_TIMEOUT_MS: String(limits.idleMs),
  },
};

const company = { 'x-user-id': 'newco@example.com' };
const upload = '/api/v1/agents/files/upload/section/CERTIFICATE';

/** A multipart upload of one PDF of `bytes` bytes. */
function uploadOf(bytes: number) {
  const pdf = makePdf(['x']);
  const file = Buffer.concat([pdf, Buffer.alloc(Math.max(0, bytes - pdf.length), 0x20)]);
  const body = Buffer.concat([
    Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n'),
    file,
    Buffer.from('\r\n--b--\r\n'),
  ]);
  return {
    method: 'POST',
    url: upload,
    headers: { ...company, 'content-type': 'multipart/form-data; boundary=b' },
    body: body.toString('latin1'),
  };
}

const answer = (result: WireResult): WireAnswer => {
  if (isFailure(result)) throw new Error(`no answer: ${result.failure}`);
  return result;
};
const codeOf = (result: WireResult) => JSON.parse(answer(result).body).errors[0].code;
const health = { method: 'GET', url: '/api/v1/health', headers: {} };

describe('connections after a refusal', () => {
  const t = useTestApp();
  it('a refused upload leaves the kept-alive connection usable: its rest is drained (4 of 4 runs)', async () => {
    const client = keptAliveClient(t.baseUrl);
    try {
      for (let run = 0; run < 4; run++) {
        const refused = answer(await client.send(uploadOf(6 * 1024 * 1024)));
        expect([refused.status, codeOf(refused), refused.headers.connection]).toEqual([
          413,
          'FILE_TOO_LARGE',
          'keep-alive',
        ]);
        const next = answer(await client.send(health));
        expect([next.status, next.reused]).toEqual([200, true]);
      }
    } finally {
      client.close();
    }
  });

  it('a refused body beyond the drain bound is answered with Connection: close; the next call gets its answer', async () => {
    const client = keptAliveClient(t.baseUrl);
    try {
      const refused = answer(await client.send(uploadOf(20 * 1024 * 1024)));
      expect([refused.status, codeOf(refused), refused.headers.connection]).toEqual([
        413,
        'FILE_TOO_LARGE',
        'close',
      ]);
      expect(answer(await client.send(health)).status).toBe(200);
    } finally {
      client.close();
    }
  });

  it('a body sent to a call that takes none, or to an unknown address, is dropped and the connection goes on', async () => {
    const client = keptAliveClient(t.baseUrl);
    const body = 'x'.repeat(2_000_000);
    try {
      const ignored = answer(
        await client.send({
          method: 'DELETE',
          url: '/api/v1/sim/faults',
          headers: { 'x-user-id': 'admin@example.com', 'content-type': 'text/plain' },
          body,
        }),
      );
      expect(ignored.status).toBe(204);
      const unknown = answer(
        await client.send({
          method: 'POST',
          url: '/api/v1/nowhere',
          headers: { 'content-type': 'application/json' },
          body,
        }),
      );
      expect([unknown.status, codeOf(unknown)]).toEqual([404, 'NOT_FOUND']);
      const next = answer(await client.send(health));
      expect([next.status, next.reused]).toEqual([200, true]);
    } finally {
      client.close();
    }
  });
});

describe('slow clients are cut off', () => {
  const t = useTestApp(slowClients);
  it('headers that do not arrive within HEADERS_TIMEOUT_MS: 408 REQUEST_TIMEOUT in the envelope, then closed', async () => {
    const started = Date.now();
    const result = answer(
      await sendRaw(t.baseUrl, {
        first: 'GET /api/v1/health HTTP/1.1\r\nhost: localhost\r\n',
        trickle: { rest: 'x-slow: a\r\n'.repeat(100), pieceBytes: 11, pauseMs: 100 },
      }),
    );
    const elapsed = Date.now() - started;
    expect([result.status, codeOf(result), result.headers.connection]).toEqual([
      408,
      'REQUEST_TIMEOUT',
      'close',
    ]);
    expect(elapsed).toBeGreaterThanOrEqual(limits.headersMs - 50);
    expect(elapsed).toBeLessThan(limits.requestMs + 3_000);
  });

  it('a body that stops half-way: 408 REQUEST_TIMEOUT once REQUEST_TIMEOUT_MS is over', async () => {
    const body = JSON.stringify({ operationId: 'listProducts', status: 503 });
    const started = Date.now();
    const result = answer(
      await sendRaw(t.baseUrl, {
        first: `POST /api/v1/sim/faults HTTP/1.1\r\nhost: localhost\r\nx-user-id: admin@example.com\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
      }),
    );
    expect([result.status, codeOf(result)]).toEqual([408, 'REQUEST_TIMEOUT']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(limits.requestMs - 50);
    expect((await t.call('GET', '/api/v1/sim/faults', 'admin@example.com')).json()).toEqual([]);
  });

  it('an idle kept-alive connection is closed after IDLE_TIMEOUT_MS, not before', async () => {
    const socket = connect(Number(new URL(t.baseUrl).port), '127.0.0.1');
    await once(socket, 'connect');
    socket.write('GET /api/v1/health HTTP/1.1\r\nhost: localhost\r\n\r\n');
    await once(socket, 'data');
    const answered = Date.now();
    socket.resume();
    await once(socket, 'close');
    const idle = Date.now() - answered;
    expect(idle).toBeGreaterThanOrEqual(limits.idleMs - 50);
    // Node keeps the socket a second past the limit it announces (its keep-alive buffer).
    expect(idle).toBeLessThan(limits.idleMs + 3_000);
  });
});

describe('requests that are not valid HTTP, answered in the envelope', () => {
  const t = useTestApp();
  it.each([
    ['a method that is not HTTP', 'FOO /api/v1/health HTTP/1.1\r\nhost: x\r\n\r\n', 400, 'VALIDATION_FAILED'],
    ['an unknown HTTP version', 'GET /api/v1/health HTTP/9.9\r\nhost: x\r\n\r\n', 400, 'VALIDATION_FAILED'],
    ['no Host', 'GET /api/v1/health HTTP/1.1\r\n\r\n', 400, 'VALIDATION_FAILED'],
    [
      'Content-Length with Transfer-Encoding',
      'POST /api/v1/logout HTTP/1.1\r\nhost: x\r\ncontent-length: 4\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
      'VALIDATION_FAILED',
    ],
    [
      'headers over 16 KB',
      `GET /api/v1/health HTTP/1.1\r\nhost: x\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'HEADERS_TOO_LARGE',
    ],
    [
      'CONNECT (not a proxy)',
      'CONNECT localhost:443 HTTP/1.1\r\nhost: localhost:443\r\n\r\n',
      404,
      'NOT_FOUND',
    ],
  ])('%s', async (_what, raw, status, code) => {
    const result = answer(await sendRaw(t.baseUrl, { first: raw }));
    expect([result.status, codeOf(result), result.headers['content-type']]).toEqual([
      status,
      code,
      'application/json; charset=utf-8',
    ]);
  });

  it('an Expect other than 100-continue is ignored, not answered 417', async () => {
    const result = answer(
      await sendRaw(t.baseUrl, {
        first: 'GET /api/v1/health HTTP/1.1\r\nhost: x\r\nexpect: something\r\n\r\n',
      }),
    );
    expect(result.status).toBe(200);
  });
});
