// The app-wide overlays that only appear after the first screen (go-to-top, toasts, dialogs, login
// prompt). UiRoot loads this module lazily so they stay out of the start scripts (home route JS budget,
// scripts/budgets/home-js.mjs); what they show lives in the ui store, so a toast or dialog asked for before
// the chunk arrives is shown as soon as it has. They show the error catalogue's answers, so the catalogue's
// chunk is fetched when they come (ahead of the first failure, so that one caused by a dropped connection can
// still be shown), after the first screen rather than competing with it.
import { useEffect } from 'react';
import { preloadErrorCatalogue } from '../services/errors';
import { DialogHost } from './Dialog';
import { GoToTop } from './GoToTop';
import { LoginPrompt } from './LoginPrompt';
import { ToastViewport } from './Toast';

export interface OverlaysProps {
  /** Runs when the user accepts the login prompt. */
  onLogin: () => void;
}

export default function Overlays({ onLogin }: OverlaysProps) {
  useEffect(preloadErrorCatalogue, []);
  return (
    <>
      <GoToTop />
      <ToastViewport />
      <DialogHost />
      <LoginPrompt onLogin={onLogin} />
    </>
  );
}
