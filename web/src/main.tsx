import './styles/index.css';
import { afterFirstPaint } from './lib/after-first-paint.ts';
import { trackInputModality } from './lib/input-modality.ts';
import { importInStages } from './lib/start-stages.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
trackInputModality();

// The modules every page needs, in dependency order: each is evaluated in a task of its own
// (lib/start-stages.ts), so the start is a row of short tasks instead of one long one.
const common = [() => import('react-dom/client'), () => import('./lib/i18n/i18n.ts')];

// The sign-in page is the first page most visits see: it starts without waiting for the rest of the
// app (see app/login-entry.tsx). Every other page loads the whole app.
if (window.location.pathname === '/login') {
  void importInStages(common, () => import('./app/login-entry.tsx')).then(({ startLogin }) =>
    startLogin(container),
  );
} else {
  // A page the server drew is shown before the app's modules are asked for (lib/after-first-paint.ts).
  void afterFirstPaint()
    .then(() =>
      importInStages(
        [
          ...common,
          // The app's own modules, not packages: a package imported whole keeps every export in the bundle.
          () => import('./app/provider.tsx'),
          () => import('./lib/session/current-user.ts'),
          () => import('./app/shell/app-shell.tsx'),
          () => import('./app/router.tsx'),
        ],
        () => import('./app/start-app.tsx'),
      ),
    )
    .then(({ startApp }) => startApp(container));
}
