// PostgreSQL's driver (pg), Prisma's adapter for it and the client generated for PostgreSQL, loaded on
// first use: a server on SQLite never loads them (about a tenth of a second of every start, issue 23).
// `require` keeps the callers synchronous; Node loads the generated ES module through require(esm).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The `pg` package (the same object as `import pg from 'pg'`). */
export const loadPg = (): typeof import('pg') => require('pg');

/** `PrismaPg`, Prisma's driver adapter over a pg pool. */
export const loadPrismaPg = (): typeof import('@prisma/adapter-pg').PrismaPg =>
  require('@prisma/adapter-pg').PrismaPg;

/** The Prisma client generated from the PostgreSQL schema (same models and methods as SQLite's). */
export const loadPostgresPrismaClient = (): typeof import('../generated/prisma-pg/client.ts').PrismaClient =>
  require('../generated/prisma-pg/client.ts').PrismaClient;
