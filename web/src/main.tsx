import './styles/index.css';
import { startLogin } from './app/login-entry.tsx';
import { trackInputModality } from './lib/input-modality.ts';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');
trackInputModality();

// The sign-in page is the first page most visits see: it starts without waiting for the rest of the
// app (see app/login-entry.tsx). Every other page loads the whole app.
if (window.location.pathname === '/login') {
  void startLogin(container);
} else {
  void import('./app/start-app.tsx').then(({ startApp }) => startApp(container));
}
