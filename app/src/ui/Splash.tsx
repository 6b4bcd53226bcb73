// Full-screen splash (logo and spinner) while the app waits for the sign-in state. It fades out when
// `visible` turns false; <UiRoot> shows it from the ui store's `splash` flag (hideSplash() ends it).
import { cx } from './cx';
import { Logo } from './Logo';
import styles from './Splash.module.css';
import { Spinner } from './Spinner';
import { usePresence } from './usePresence';

/** Matches the fade-out in Splash.module.css. */
const SPLASH_EXIT_MS = 300;

export function Splash({ visible = true }: { visible?: boolean }) {
  if (!usePresence(visible, SPLASH_EXIT_MS)) return null;
  return (
    <div className={cx(styles.splash, !visible && styles.leaving)} aria-busy={visible}>
      <Logo size="lg" className={styles.logo} />
      <Spinner size={28} className={styles.spinner} />
    </div>
  );
}
