// The app's ad service client. Its own module (not api/client.ts) because only the ad slots use it, and the
// screens that load api/client.ts then do not carry the sdk's ad client.
import { createAdClient } from '@creator-market/sdk/client';
import { API_BASE } from '../config/hosts';
import { worldFetch } from './mockWorlds';

/** The ad service (same mock server, under /ads), with its fixed authorization key. */
export const adClient = createAdClient({ baseUrl: `${API_BASE}/ads`, authorization: 'cm-ads-dev-key', fetch: worldFetch });
