// The app's places and its bars' buttons: the tab bar (home, my, cart), the app bar (back, close, and its
// cart, settings and download actions) and the search entry of the home screen's top.
import { createIcon, solid } from './Icon';

export const IconHome = createIcon('Home', (filled) => (
  <path d="M3.5 10.2 12 3.5l8.5 6.7V19.5a1.5 1.5 0 0 1-1.5 1.5h-4.2v-5.6H9.2V21H5a1.5 1.5 0 0 1-1.5-1.5z" fill={solid(filled)} />
));

export const IconMy = createIcon('My', (filled) => (
  <>
    <circle cx="12" cy="8" r="4" fill={solid(filled)} />
    <path d="M4 20.5c1.4-3.7 4.4-5.6 8-5.6s6.6 1.9 8 5.6" fill={solid(filled)} />
  </>
));

export const IconCart = createIcon('Cart', (filled) => (
  <>
    <path d="M4.6 8h14.8l-1.1 11.6a1.6 1.6 0 0 1-1.6 1.4H7.3a1.6 1.6 0 0 1-1.6-1.4z" fill={solid(filled)} />
    <path d="M8.8 8V7a3.2 3.2 0 0 1 6.4 0v1" />
  </>
));

export const IconBack = createIcon('Back', () => <path d="M15 4.5 7.5 12l7.5 7.5" />);

export const IconClose = createIcon('Close', () => <path d="M6 6l12 12M18 6 6 18" />);

export const IconSearch = createIcon('Search', () => (
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m20 20-4.2-4.2" />
  </>
));

export const IconSetting = createIcon('Setting', () => (
  <>
    <path d="M19.23 10.41L21.52 10.8L21.52 13.2L19.23 13.59L18.23 15.99L19.59 17.88L17.88 19.59L15.99 18.23L13.59 19.23L13.2 21.52L10.8 21.52L10.41 19.23L8.01 18.23L6.12 19.59L4.41 17.88L5.77 15.99L4.77 13.59L2.48 13.2L2.48 10.8L4.77 10.41L5.77 8.01L4.41 6.12L6.12 4.41L8.01 5.77L10.41 4.77L10.8 2.48L13.2 2.48L13.59 4.77L15.99 5.77L17.88 4.41L19.59 6.12L18.23 8.01Z" />
    <circle cx="12" cy="12" r="3.1" />
  </>
));

export const IconDownload = createIcon('Download', () => <path d="M12 4v11m-4.5-4.5L12 15l4.5-4.5M5 19.5h14" />);
