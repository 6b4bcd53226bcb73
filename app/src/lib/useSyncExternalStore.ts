// What wouter imports as `use-sync-external-store/shim` (vite.config.ts aliases it here). The shim exists
// for React 17 and older; React 19 has the hook built in and the shim only hands that back, so the app
// takes it from React directly instead of carrying the shim in its start scripts.
export { useSyncExternalStore } from 'react';
