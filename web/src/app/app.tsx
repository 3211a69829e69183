import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProviders, type AppProvidersProps } from './provider.tsx';
import { createAppRouter } from './router.tsx';

export function App(props: Omit<AppProvidersProps, 'children'>) {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders {...props}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
