// The ceiling for bench-api: a bare Fastify route answering a fixed JSON body, no auth, no database,
// no validation, no logging. Usage: node --import tsx scripts/bench/bare-server.ts PORT BODY_FILE
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, bodyFile] = process.argv.slice(2);
const answer: unknown = JSON.parse(readFileSync(bodyFile as string, 'utf8'));
const app = Fastify({ logger: false });
app.get('/api/v1/products', async (_request, reply) => {
  reply.type('application/json; charset=utf-8');
  return answer;
});
await app.listen({ host: '127.0.0.1', port: Number(port) });
