import Fastify from 'fastify';
export const probe = Fastify;
