// Who the ad service sees (SPEC.md section 6): a guest gets an id from a stored guest value, a signed-in
// user one from the account's creation time; the platform (web, or the native shell's ios/android) and the
// locale as language_REGION (the device language inside the native shell, else the browser's).
import { WEB_LOCALE_FALLBACK } from '@creator-market/sdk/domain';
import { nativeLanguage, nativePlatform, type AdPlatform } from '../../services/native/bridge';

export const AD_GUEST_KEY = 'cm.adGuest';

function guestValue(): string {
  try {
    const stored = localStorage.getItem(AD_GUEST_KEY);
    if (stored) return stored;
    const created = `g-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
    localStorage.setItem(AD_GUEST_KEY, created);
    return created;
  } catch {
    return 'g-anonymous'; // storage denied: one shared guest value
  }
}

/** The ad user id: 'u-<creation epoch ms>' for an account, else the guest value. */
export function adUserId(createdAt: string | null | undefined): string {
  const created = createdAt ? Date.parse(createdAt) : Number.NaN;
  return Number.isFinite(created) ? `u-${created}` : guestValue();
}

/** Bare languages the browser may report without a region. */
const DEFAULT_REGION: Record<string, string> = { ko: 'KR', en: 'US', ja: 'JP', zh: 'CN' };

/** The browser language as 'ko_KR' (the ad service's lcl); en_US when it cannot be read. */
export function adLocale(language: string | undefined = typeof navigator === 'undefined' ? undefined : navigator.language): string {
  const match = /^([a-z]{2,3})(?:[-_]([a-z]{2}))?/i.exec(language ?? '');
  if (!match) return WEB_LOCALE_FALLBACK;
  const lang = (match[1] as string).toLowerCase();
  const region = match[2]?.toUpperCase() ?? DEFAULT_REGION[lang];
  return region ? `${lang}_${region}` : WEB_LOCALE_FALLBACK;
}

export interface AdAudience {
  pf: AdPlatform;
  lcl: string;
}

/** The pf and lcl of an ad request. */
export async function adAudience(): Promise<AdAudience> {
  const [pf, language] = await Promise.all([nativePlatform(), nativeLanguage()]);
  return { pf, lcl: adLocale(language) };
}
