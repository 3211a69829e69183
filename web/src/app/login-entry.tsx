import { PAGE_ELEMENT_IDS } from '@portal/contract/web-app';
import type { i18n } from 'i18next';
import { StrictMode, startTransition, useEffect, useState } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { LoginPage } from '../features/auth/login-page.tsx';
import type { PortalConfig } from '../lib/api/types.ts';
import { brandingOf } from '../lib/branding-defaults.ts';
import { DEFAULT_LANGUAGE, initI18n, loadLanguage, storedLanguage } from '../lib/i18n/i18n.ts';
import { useDefaultLanguage, useDocumentTitle } from '../lib/portal-document.ts';
import { whenIdle } from '../lib/start-stages.ts';
import { releaseUntilApp } from './inert-until-started.ts';
import { ModeBanner } from './shell/mode-banner.tsx';

// A fresh load of /login: only React, i18next with the English pack and the sign-in page. No router,
// query client, menus, modals or current-user code: those are for signed-in pages and load later.

/**
 * GET /api/v1/config's answer as the server wrote it into the page (it draws the sign-in page of its
 * mode with its branding, so the first render must be that same page), or undefined.
 */
export function embeddedPortalConfig(): PortalConfig | undefined {
  const text = document.getElementById(PAGE_ELEMENT_IDS.portalConfig)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PortalConfig;
  } catch {
    return undefined;
  }
}

/** The configuration the page came with, or else asked for once (the page then keeps neutral branding until it answers). */
function usePortalConfigOnce(embedded: PortalConfig | undefined): PortalConfig | undefined {
  const [config, setConfig] = useState<PortalConfig | undefined>(embedded);
  useEffect(() => {
    if (embedded) return;
    let current = true;
    fetch('/api/v1/config', { credentials: 'include' })
      .then((response) => (response.ok ? (response.json() as Promise<PortalConfig>) : undefined))
      .then((answer) => {
        if (current && answer) setConfig(answer);
      })
      // Without the configuration the page keeps its neutral branding; signing in still works.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [embedded]);
  return config;
}

/**
 * Outside production the simulator launcher joins the sign-in page once the browser is idle, as a
 * chunk of its own (with the app's providers), so it adds nothing to the page's first load. A
 * production build has no `__SIMULATOR__` and drops the import.
 */
function useLoginSimulator(mode: PortalConfig['mode'] | undefined) {
  useEffect(() => {
    if (!__SIMULATOR__ || mode === undefined || mode === 'production') return;
    return whenIdle(() => {
      void import('./login-simulator.tsx').then((module) => module.mountLoginSimulator());
    });
  }, [mode]);
}

export function LoginApp({ error, config: embedded }: { error: string | null; config?: PortalConfig }) {
  const config = usePortalConfigOnce(embedded);
  useLoginSimulator(config?.mode);
  // Hydrated: the prerender's controls, disabled until now, work.
  useEffect(() => releaseUntilApp(), []);
  const branding = brandingOf(config);
  useDocumentTitle(branding.productName);
  useDefaultLanguage(config?.defaultLanguage);
  // Only a failed sign-in carries a request id (never in the build-time prerender, which has no error).
  const requestId = error ? new URLSearchParams(window.location.search).get('requestId') : null;
  // The banner stands in the flow above the page (the language choice below it): the server's page
  // carries it from the first paint, so nothing moves when the app takes over.
  return (
    <div className="login-screen">
      <ModeBanner mode={config?.mode} publishHeight={false} />
      <LoginPage branding={branding} error={error} requestId={requestId} />
    </div>
  );
}

/** The same tree in the browser and in the build-time prerender (scripts/prerender-login.mjs). */
export function loginTree(i18n: i18n, error: string | null, config?: PortalConfig) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <LoginApp error={error} config={config} />
      </I18nextProvider>
    </StrictMode>
  );
}

export async function startLogin(container: HTMLElement): Promise<void> {
  const error = new URLSearchParams(window.location.search).get('error');
  const language = storedLanguage() ?? DEFAULT_LANGUAGE;
  if (language !== DEFAULT_LANGUAGE) await loadLanguage(language).catch(() => undefined);
  const tree = loginTree(initI18n(language), error, embeddedPortalConfig());
  // The page was prerendered in English, with no error, with the server's mode and branding when the
  // server embedded its configuration (neutral otherwise): hydrate it when the first render is that
  // same page, otherwise render afresh. Either in a transition, so the work is split into
  // short tasks (the prerendered page stays, its controls disabled, until the app's is committed).
  if (container.firstElementChild && language === DEFAULT_LANGUAGE && error === null) {
    startTransition(() => {
      hydrateRoot(container, tree);
    });
  } else {
    const root = createRoot(container);
    startTransition(() => {
      root.render(tree);
    });
  }
}
