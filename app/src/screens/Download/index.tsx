// App download (/download, SPEC.md section 1): a store link for each platform (android, ios); the link of
// the visitor's own platform comes first.
import { STORE_URLS } from '../../config/links';
import { AppBar } from '../../ui/AppBar';
import { IconBell } from '../../ui/icons/actions';
import { IconCart } from '../../ui/icons/navigation';
import { IconCheckCircle } from '../../ui/icons/status';
import { LogoMark } from '../../ui/Logo';
import styles from './Download.module.css';

type Platform = keyof typeof STORE_URLS;

const STORES: Record<Platform, { label: string; caption: string }> = {
  android: { label: 'Google Play', caption: 'Android 앱 받기' },
  ios: { label: 'App Store', caption: 'iPhone 앱 받기' },
};

const BENEFITS = [
  { Icon: IconBell, text: '마켓이 열리기 전에 오픈 알림을 받아요' },
  { Icon: IconCart, text: '주문과 발송 소식을 바로 알려드려요' },
  { Icon: IconCheckCircle, text: '구독한 작가님의 새 마켓을 놓치지 않아요' },
] as const;

function platformOrder(): Platform[] {
  return /iPhone|iPad|iPod|Macintosh/i.test(navigator.userAgent) ? ['ios', 'android'] : ['android', 'ios'];
}

export default function Download() {
  return (
    <div className={styles.page}>
      <AppBar title="앱 다운로드" />
      <section className={styles.hero}>
        <LogoMark size={80} className={styles.mark} />
        <h2 className={styles.headline}>크리에이터마켓 앱</h2>
        <p className={styles.lead}>좋아하는 작가님의 마켓 소식을 가장 먼저 받아보세요.</p>
      </section>
      <ul className={styles.benefits}>
        {BENEFITS.map(({ Icon, text }) => (
          <li key={text} className={styles.benefit}>
            <span className={styles.benefitIcon} aria-hidden="true">
              <Icon size={20} />
            </span>
            {text}
          </li>
        ))}
      </ul>
      <div className={styles.stores}>
        {platformOrder().map((platform) => (
          <a
            key={platform}
            className={styles.store}
            href={STORE_URLS[platform]}
            target="_blank"
            rel="noopener noreferrer"
            data-platform={platform}
          >
            <span className={styles.storeIcon}>{platform === 'ios' ? <AppStoreMark /> : <PlayMark />}</span>
            <span className={styles.storeText}>
              <span className={styles.storeCaption}>{STORES[platform].caption}</span>
              <span className={styles.storeLabel}>{STORES[platform].label}</span>
            </span>
          </a>
        ))}
      </div>
    </div>
  );
}

function AppStoreMark() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M16.37 12.6c-.02-2.2 1.8-3.27 1.88-3.32-1.03-1.5-2.62-1.7-3.19-1.73-1.36-.14-2.65.8-3.34.8-.7 0-1.75-.78-2.88-.76-1.48.02-2.85.86-3.61 2.19-1.54 2.67-.39 6.62 1.11 8.79.73 1.06 1.6 2.25 2.74 2.2 1.1-.04 1.52-.71 2.85-.71 1.33 0 1.7.71 2.87.69 1.19-.02 1.94-1.08 2.66-2.14.84-1.23 1.19-2.42 1.21-2.48-.03-.01-2.32-.89-2.35-3.53zM14.18 6.12c.6-.73 1.01-1.75.9-2.77-.87.04-1.93.58-2.56 1.31-.56.65-1.05 1.69-.92 2.69.97.08 1.97-.49 2.58-1.23z"
      />
    </svg>
  );
}

function PlayMark() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="#00d7fe" d="M3.6 2.3 13.4 12l-9.8 9.7c-.4-.2-.6-.6-.6-1.1V3.4c0-.5.2-.9.6-1.1z" />
      <path fill="#ffce00" d="m16.8 15.4-3.4-3.4 3.4-3.4 3.9 2.2c1.1.6 1.1 1.8 0 2.4z" />
      <path fill="#ff3a44" d="M16.8 15.4 13.4 12l-9.8 9.7c.4.2.9.2 1.4-.1z" />
      <path fill="#00f076" d="M16.8 8.6 5 2.4c-.5-.3-1-.3-1.4-.1l9.8 9.7z" />
    </svg>
  );
}
