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

function usePortalConfigOnce(): PortalConfig | undefined {
  const [config, setConfig] = useState<PortalConfig>();
  useEffect(() => {
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
  }, []);
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

export function LoginApp({ error }: { error: string | null }) {
  const config = usePortalConfigOnce();
  useLoginSimulator(config?.mode);
  // Hydrated: the prerender's controls, disabled until now, work.
  useEffect(() => releaseUntilApp(), []);
  const branding = brandingOf(config);
  useDocumentTitle(branding.productName);
  useDefaultLanguage(config?.defaultLanguage);
  // Only a failed sign-in carries a request id (never in the build-time prerender, which has no error).
  const requestId = error ? new URLSearchParams(window.location.search).get('requestId') : null;
  return (
    <>
      <ModeBanner mode={config?.mode} floating />
      <LoginPage branding={branding} error={error} requestId={requestId} />
    </>
  );
}

/** The same tree in the browser and in the build-time prerender (scripts/prerender-login.mjs). */
export function loginTree(i18n: i18n, error: string | null) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <LoginApp error={error} />
      </I18nextProvider>
    </StrictMode>
  );
}

export async function startLogin(container: HTMLElement): Promise<void> {
  const error = new URLSearchParams(window.location.search).get('error');
  const language = storedLanguage() ?? DEFAULT_LANGUAGE;
  if (language !== DEFAULT_LANGUAGE) await loadLanguage(language).catch(() => undefined);
  const tree = loginTree(initI18n(language), error);
  // The page was prerendered in English with neutral branding and no error: hydrate it when the first
  // render is that same page, otherwise render afresh. Either in a transition, so the work is split into
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
