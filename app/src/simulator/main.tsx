// The desktop native-shell simulator's page (/simulator.html, development): the app in a phone frame,
// answering its bridge messages the way the native app does.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles/global.css';

// Imported lazily: this page shares the app's start chunk for React (app/vite.config.ts), and a module the
// page imports statically is start code, so what only the simulator uses (the bridge's message parser, the
// sdk's version rules) would travel in the app's start scripts.
const { Simulator } = await import('./Simulator');

const container = document.getElementById('simulator');
if (!container) throw new Error('simulator.html has no #simulator element');
createRoot(container).render(
  <StrictMode>
    <Simulator />
  </StrictMode>,
);
