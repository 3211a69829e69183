import { createHash } from 'node:crypto';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderCatalogue, renderTerms, renderUserGuide } from '../domain/documents.ts';
import type { CatalogueName } from '../domain/field-catalogue.ts';
import { DOCUMENTS_EDITION } from '../domain/pdf-layout.ts';
import { parseTermsDocumentName } from '../domain/terms-text.ts';
import { notFound } from '../lib/app-error.ts';
import { type MaybePromise, whenReady } from '../lib/maybe-promise.ts';
import { createPromiseCache } from '../lib/promise-cache.ts';
import { defineRoute, type RouteContext, type RouteSetup } from '../lib/route.ts';
import { termsPublishedAt } from '../services/documents.ts';
import type { World } from '../world.ts';

const USER_GUIDE_FILE = 'User Guide.pdf';
const catalogues: Readonly<Record<string, CatalogueName>> = {
  'Vehicle Data.pdf': 'Vehicle Data',
  'Home Charger Data.pdf': 'Home Charger Data',
  'Data Prices.pdf': 'Data Prices',
};

const documentNotFound = () => notFound('DOCUMENT_NOT_FOUND', 'This document could not be found.');

interface RenderedPdf {
  pdf: Buffer;
  etag: string;
  lastModified: string;
}

/**
 * A document and its validators. The bytes depend only on the inputs and on the document's date (never
 * on the moment of rendering), so every instance of a team answers the same ETag and Last-Modified.
 */
async function rendered(date: Date, render: (date: Date) => Promise<Buffer>): Promise<RenderedPdf> {
  const pdf = await render(date);
  const etag = `"${createHash('sha256').update(pdf).digest('base64url').slice(0, 27)}"`;
  return { pdf, etag, lastModified: date.toUTCString() };
}

/** If-None-Match holds this version (a list, weak or `*`): the client's copy is current. */
function stillCurrent(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** The Content-Disposition of each document name, made once (names come from a short fixed list). */
const dispositions = new Map<string, string>();
function inlineDisposition(fileName: string): string {
  let value = dispositions.get(fileName);
  if (value === undefined) {
    value = contentDisposition(fileName, { type: 'inline' });
    if (dispositions.size < 64) dispositions.set(fileName, value);
  }
  return value;
}

/**
 * Answers a PDF inline; HEAD gets the same headers and no body, so clients can check it first. With
 * validators and `no-cache` instead of a max-age, that check always reaches the server, and a client
 * holding the current version gets `304` without the body.
 */
function sendPdf(
  request: FastifyRequest,
  reply: FastifyReply,
  fileName: string,
  doc: RenderedPdf,
): FastifyReply {
  reply.header('etag', doc.etag).header('cache-control', 'no-cache');
  if (stillCurrent(request, doc.etag)) return reply.code(304).send();
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', inlineDisposition(fileName))
    .header('content-length', String(doc.pdf.length))
    .header('last-modified', doc.lastModified);
  return request.method === 'HEAD' ? reply.send() : reply.send(doc.pdf);
}

/**
 * The public PDFs outside /api: user guide, data catalogues and terms of use. They are generated
 * (from the field catalogue and the branding) on first use and kept in memory; the branding is fixed
 * for the life of the app, so the document name is the cache key.
 */
export function documentsRoutes(setup: RouteSetup) {
  const { config } = setup;
  const brand = config.brand;
  const cache = createPromiseCache<RenderedPdf>();
  const cached = (key: string, date: Date, render: (date: Date) => Promise<Buffer>) =>
    cache(key, () => rendered(date, render));

  const userGuide = () => cached('manual', DOCUMENTS_EDITION, (date) => renderUserGuide(brand, { date }));
  const catalogue = (document: string) => {
    const name = catalogues[document];
    if (!name) throw documentNotFound();
    return cached(`catalogue/${name}`, DOCUMENTS_EDITION, (date) => renderCatalogue(name, brand, { date }));
  };
  const terms = (document: string, world: World): MaybePromise<RenderedPdf> => {
    const parsed = parseTermsDocumentName(document);
    if (!parsed) throw documentNotFound();
    return whenReady(termsPublishedAt(world, parsed.role, parsed.termsId), (publishedAt) => {
      if (!publishedAt) throw documentNotFound();
      return cached(`tnc/${document}`, publishedAt, (date) =>
        renderTerms({ termsId: parsed.termsId, role: parsed.role, ...brand }, { date }),
      );
    });
  };

  // GET and HEAD of each document share one handler (sendPdf leaves the body out of a HEAD answer). A
  // document rendered before is answered in the same turn (decision 0150).
  const userGuideHandler = ({ request, reply }: RouteContext<'getUserGuide' | 'headUserGuide'>) =>
    whenReady(userGuide(), (doc) => sendPdf(request, reply, USER_GUIDE_FILE, doc));
  const namedHandler =
    (render: (document: string, world: World) => MaybePromise<RenderedPdf>) =>
    ({ world, request, reply, params }: RouteContext<'getCatalogue' | 'getTermsDocument'>) =>
      whenReady(render(params.document, world), (doc) => sendPdf(request, reply, params.document, doc));

  return [
    defineRoute({ operationId: 'getUserGuide', handler: userGuideHandler }),
    defineRoute({ operationId: 'headUserGuide', handler: userGuideHandler }),
    defineRoute({ operationId: 'getCatalogue', handler: namedHandler(catalogue) }),
    defineRoute({ operationId: 'headCatalogue', handler: namedHandler(catalogue) }),
    defineRoute({ operationId: 'getTermsDocument', handler: namedHandler(terms) }),
    defineRoute({ operationId: 'headTermsDocument', handler: namedHandler(terms) }),
  ];
}
