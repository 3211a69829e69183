import { StrictMode, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation } from 'react-router-dom';
import { NotificationViewport } from '../components/ui/notification-viewport.tsx';
import { SimulatorEntry } from '../features/simulator/simulator-entry.tsx';
import { AppProviders } from './provider.tsx';
import { SIMULATOR_SLOT_SELECTOR } from './shell/mode-banner.tsx';

/**
 * The light sign-in page has no router: when the panel signs in as a persona and navigates to its
 * home page, the browser loads that page (the full app) for real.
 */
function LoadNavigatedPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname !== window.location.pathname || !pathname.startsWith('/login')) {
      window.location.assign(pathname);
    }
  }, [pathname]);
  return null;
}

/**
 * The simulator launcher on a fresh /login, in its own root beside the sign-in page; the launcher
 * itself stands in the mode banner's slot, like on every other page.
 */
export function mountLoginSimulator(): void {
  const container = document.createElement('div');
  container.id = 'simulator-root';
  document.body.append(container);
  const slot = document.querySelector(SIMULATOR_SLOT_SELECTOR) ?? container;
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <LoadNavigatedPage />
          {createPortal(<SimulatorEntry />, slot)}
          <NotificationViewport />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}
