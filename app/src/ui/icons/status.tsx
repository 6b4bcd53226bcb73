// What a message, a toast or an empty place shows: a problem, information, done, nothing here (the box), a retry,
// an image that is missing.
import { createIcon } from './Icon';

export const IconAlert = createIcon('Alert', () => (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5V13M12 16.4v.1" />
  </>
));

export const IconInfo = createIcon('Info', () => (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5.5M12 7.6v.1" />
  </>
));

export const IconCheckCircle = createIcon('CheckCircle', () => (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.3 2.7 2.7L16.2 9.5" />
  </>
));

export const IconBox = createIcon('Box', () => (
  <>
    <path d="M3.8 7.6 12 3.5l8.2 4.1v8.8L12 20.5l-8.2-4.1z" />
    <path d="M3.8 7.6 12 11.7l8.2-4.1M12 11.7v8.8" />
  </>
));

export const IconRefresh = createIcon('Refresh', () => <path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3M19.5 4.5v3.8h-3.8" />);

export const IconImage = createIcon('Image', () => (
  <>
    <rect x="3.5" y="4.5" width="17" height="15" rx="2.5" />
    <circle cx="9" cy="10" r="1.6" />
    <path d="m4 17.5 4.6-4.4 3.4 3 3-2.6 5 4.2" />
  </>
));
