// Redirect (/go/*, SPEC.md section 2): a spinner while the short link is read (sdk parseGoPath): https:
// and http: links leave the app, the app's own scheme opens the app and after 1 s goes home or to the rest
// of the path (never an ext/ one), otherwise 1 part = profile, 2 = receipt (r/...) or market, 3 = product
// (third part as hash), anything else home.
import { parseGoPath } from '@creator-market/sdk/domain';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { pageNavigation } from '../../services/pageNavigation';
import { navigate } from '../../lib/navigation';
import { Spinner } from '../../ui/Spinner';
import styles from './Redirect.module.css';

/** What follows '/go/' in the address, with its query and hash. */
function goRest(pathname: string): string {
  return `${pathname.replace(/^\/go\/?/, '')}${window.location.search}${window.location.hash}`;
}

export default function Redirect() {
  const [pathname] = useLocation();

  useEffect(() => {
    // Once the link has led elsewhere this screen has nothing more to read.
    if (!/^\/go(\/|$)/.test(pathname)) return;
    const destination = parseGoPath(goRest(pathname));
    switch (destination.kind) {
      case 'route':
        navigate(destination.path, { replace: true });
        return;
      case 'external':
        pageNavigation.replace(destination.url);
        return;
      case 'app-scheme': {
        pageNavigation.assign(destination.url);
        const timer = setTimeout(() => navigate(destination.fallbackPath, { replace: true }), destination.delayMs);
        return () => clearTimeout(timer);
      }
    }
  }, [pathname]);

  return (
    <div className={styles.page}>
      <Spinner size={36} label="이동하는 중" />
    </div>
  );
}
