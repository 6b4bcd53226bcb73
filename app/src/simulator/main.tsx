// The desktop native-shell simulator's page (/simulator.html, development): the app in a phone frame,
// answering its bridge messages the way the native app does.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles/global.css';
import { Simulator } from './Simulator';

const container = document.getElementById('simulator');
if (!container) throw new Error('simulator.html has no #simulator element');
createRoot(container).render(
  <StrictMode>
    <Simulator />
  </StrictMode>,
);
