import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { components } from '@portal/contract/schema';
import { LOGIN_PAGES, PAGE_ELEMENT_IDS } from '@portal/contract/web-app';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { scriptSafeJson, sendHtml } from './web-app-page.ts';

type PortalConfig = components['schemas']['PortalConfig'];

/** Text as React writes it into markup (the app hydrates the same text from the embedded answer). */
const text = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

/**
 * The web build's sign-in page of this server's mode with its branding filled in and GET
 * /api/v1/config's answer embedded, or null when the build has no such page (an older build: the
 * caller sends login.html). The banner and the names are in the first paint, and the app hydrates
 * that same page, so nothing moves (docs/decisions/0128).
 */
export async function loginPage(webDist: string, config: PortalConfig): Promise<string | null> {
  const file = path.join(webDist, LOGIN_PAGES.dir, `${config.mode}.html`);
  const html = await readFile(file, 'utf8').catch(() => null);
  if (html === null) return null;
  const { productName, manufacturer } = LOGIN_PAGES.placeholders;
  const embedded = `<script type="application/json" id="${PAGE_ELEMENT_IDS.portalConfig}">${scriptSafeJson(config)}</script>`;
  return html
    .replaceAll(productName, () => text(config.productName))
    .replaceAll(manufacturer, () => text(config.manufacturer))
    .replace('</head>', () => `  ${embedded}\n  </head>`);
}

/** Answers /login with `loginPage`, compressed as the browser accepts; null when the build has none. */
export async function sendLoginPage(
  request: FastifyRequest,
  reply: FastifyReply,
  webDist: string,
  config: PortalConfig,
): Promise<FastifyReply | null> {
  const html = await loginPage(webDist, config);
  if (html === null) return null;
  return sendHtml(request, reply, html, { cacheControl: 'no-cache', vary: 'Accept-Encoding' });
}
