// Image addresses of the API are paths on the API host (`/img/cover/<id>-1.svg`); the browser must ask that
// host, not the app's own origin, so a leading-slash path is prefixed with the API base URL.
import { API_BASE } from '../../config/hosts';

/** The address to load an API image from; null when there is none (the image shows its fallback). */
export function imageUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:|data:|blob:)/i.test(path)) return path;
  if (path.startsWith('//')) return `https:${path}`;
  if (path.startsWith('/')) return `${API_BASE.replace(/\/+$/, '')}${path}`;
  return null;
}
