import type { components } from './schema.ts';

// What the web app and the server must agree on outside the API's operations: how the server draws a
// signed-in page and hands it to the app (the render's input and result, the page's element ids, the
// language cookie), and how an invitation's status is shown and filtered.
// One home, imported by both (web/ and server/ never import each other). Plain data and types: no
// runtime dependency, safe in the browser bundle. See docs/decisions/0043.

type InvitationStatus = components['schemas']['InvitationStatus'];
type InvitationFilter = components['schemas']['InvitationFilter'];
type CurrentUser = components['schemas']['CurrentUser'];
type PortalConfig = components['schemas']['PortalConfig'];

// ---- The page -------------------------------------------------------------------------------------

/** Element ids of the app's page (index.html) that the server writes and the app reads. */
export const PAGE_ELEMENT_IDS = {
  /** The app's root: the boot placeholder, or the page the server drew. */
  root: 'root',
  /** `<script type="application/json">`: GET /api/v1/users/me's exact answer for a signed-in visit. */
  currentUser: 'portal-current-user',
  /** `<script type="application/json">`: the query cache the server drew the page from (`FirstPageState`). */
  firstPageState: 'portal-first-page-state',
  /** `<script type="application/json">`: GET /api/v1/config's exact answer, in the sign-in page. */
  portalConfig: 'portal-config',
  /**
   * `<template>` in a page the server drew: the app's module preloads, inert until the app's entry adds
   * them to the page once it has painted (decision 0135).
   */
  afterFirstPaint: 'portal-after-first-paint',
} as const;

// ---- The sign-in page -----------------------------------------------------------------------------

/**
 * The web build's sign-in pages drawn for a server's mode (`<dir>/<mode>.html`), with the branding as
 * placeholders the server fills in; the server answers /login with the one of its mode, its
 * configuration embedded, so the first paint is the page the app hydrates (banner, names; no shift).
 */
export const LOGIN_PAGES = {
  dir: 'login-pages',
  placeholders: { productName: '%PORTAL_PRODUCT_NAME%', manufacturer: '%PORTAL_MANUFACTURER%' },
} as const satisfies {
  dir: string;
  placeholders: Record<keyof Pick<PortalConfig, 'productName' | 'manufacturer'>, string>;
};

/** Cookies both sides read. The language: the app writes the visitor's choice, the server draws in it. */
export const COOKIES = { language: 'portal_language' } as const;

/** The answers the server's render read, as TanStack Query's dehydrated cache (JSON). */
export type FirstPageState = { queries: unknown[]; mutations: unknown[] };

/**
 * What the server gives the web build's render of a signed-in page (web/src/app/signed-in-render.tsx,
 * called by server/src/plugins/web-app-render.ts).
 */
export type SignedInRenderInput = {
  /** Path and query of the page, e.g. `/agents?tab=invitations&status=ACTIVE`. */
  url: string;
  user: CurrentUser;
  /** The visitor's language (its cookie); null: the portal's default. */
  language: string | null;
  /**
   * Answers one of the page's GET calls as this server would answer the visitor (same cookies, world,
   * checks). Rejects when the page must be left to the app (a simulated fault waits for the call).
   */
  fetch: (request: Request) => Promise<Response>;
};

/** A drawn page: its markup for `#root`, the answers it was drawn from, and its language (`<html lang>`). */
export type SignedInRenderResult = { markup: string; state: FirstPageState; language: string };

/** Null: the page is not drawn by the server (the app draws it; e.g. the visitor is sent elsewhere). */
export type SignedInRender = (input: SignedInRenderInput) => Promise<SignedInRenderResult | null>;

// ---- Invitation statuses --------------------------------------------------------------------------

/** The status a screen shows: the server's status folded into five (docs/product-rules.md, Statuses). */
export type DisplayStatus = 'active' | 'pending' | 'declined' | 'revoked' | 'paused';

/** Server status → shown status: the one table both the screens and the list filters follow. */
export const DISPLAY_STATUS: Readonly<Record<InvitationStatus, DisplayStatus>> = {
  CREATED: 'active',
  ACCEPTED: 'active',
  CLAIMED: 'pending',
  DECLINED: 'declined',
  REVOKED_BEFORE_CLAIMED: 'revoked',
  REVOKED_AFTER_CLAIMED: 'revoked',
  REVOKED_AFTER_ACCEPTED: 'revoked',
  PAUSED_BY_ADMIN: 'paused',
};

export function displayStatusOf(status: InvitationStatus): DisplayStatus {
  return DISPLAY_STATUS[status];
}

/** The list filters, in the order the filter menu shows them. */
export const INVITATION_FILTERS = [
  'ALL',
  'ACTIVE',
  'PENDING',
  'DECLINED',
  'REVOKED',
] as const satisfies readonly InvitationFilter[];

const FILTERED: Readonly<Record<Exclude<InvitationFilter, 'ALL'>, DisplayStatus>> = {
  ACTIVE: 'active',
  PENDING: 'pending',
  DECLINED: 'declined',
  REVOKED: 'revoked',
};

/** Whether a list filter shows a server status: a paused sharing appears only under ALL. */
export function filterShows(filter: InvitationFilter, status: InvitationStatus): boolean {
  return filter === 'ALL' || FILTERED[filter] === DISPLAY_STATUS[status];
}
