import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { prefetchLazyParts } from '../lib/lazy-part.ts';
import { AppProviders, type AppProvidersProps } from './provider.tsx';
import { type AppRouter, createAppRouter } from './router.tsx';

type AppProps = Omit<AppProvidersProps, 'children'> & {
  /** Called once the app's first page is committed (a hydrated page then works). */
  onStarted?: () => void;
  /** The router, made ahead (app/start-app.tsx: in a task of its own); made here otherwise. */
  router?: AppRouter;
};

export function App({ onStarted, router: madeAhead, ...props }: AppProps) {
  const [router] = useState(() => madeAhead ?? createAppRouter());
  useEffect(() => onStarted?.(), [onStarted]);
  // Dialogs, menus and tooltips the first screen did not draw: their code loads at the first interaction.
  useEffect(() => prefetchLazyParts(), []);
  return (
    <AppProviders {...props}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
