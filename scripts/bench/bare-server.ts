// The reference for the benchmarks' CPU per request: bare Fastify routes answering, for each URL the
// portal was asked, the same answer (JSON serialised per request, as any route does; other bodies as
// bytes), with no sign-in, database, validation, hooks or logging.
// Usage: node --import tsx scripts/bench/bare-server.ts PORT ANSWERS_FILE
// ANSWERS_FILE: JSON list of { method, url, status, contentType, body (base64) }.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

export interface RecordedAnswer {
  method: string;
  url: string;
  status: number;
  contentType: string;
  /** base64 */
  body: string;
  /**
   * The length the portal announced. A HEAD answer announces its GET's: without it Node's client cannot
   * keep the connection, and every HEAD would be timed with a new connection.
   */
  contentLength: number;
}

const [port, answersFile] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(answersFile as string, 'utf8')) as RecordedAnswer[];
const answers = new Map(
  recorded.map((answer) => {
    const bytes = Buffer.from(answer.body, 'base64');
    const json = answer.contentType.includes('json') && bytes.length > 0;
    return [
      `${answer.method} ${answer.url}`,
      { ...answer, payload: json ? (JSON.parse(bytes.toString('utf8')) as unknown) : bytes },
    ];
  }),
);
const app = Fastify({ logger: false });
app.route({
  method: ['GET', 'HEAD'],
  url: '/*',
  exposeHeadRoute: false,
  handler: async (request, reply) => {
    const answer = answers.get(`${request.method} ${request.url}`);
    if (!answer) return reply.code(404).send({ errors: [{ code: 'NOT_FOUND', message: request.url }] });
    reply.code(answer.status).type(answer.contentType);
    if (request.method !== 'HEAD') return answer.payload;
    return reply.header('content-length', answer.contentLength).send();
  },
});
await app.listen({ host: '127.0.0.1', port: Number(port) });
