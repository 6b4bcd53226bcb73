// Not found (SPEC.md section 2). An address starting with /app offers to open the app (open app, view on
// web, having trouble), and on a computer goes straight to the web page. Any other address: logo, a
// lost-way message, a go-home button and the best-selling products.
import { APP_URL_SCHEME, appOpenWebPath, TIMING } from '@creator-market/sdk/domain';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { api } from '../../api/client';
import { pageNavigation } from '../../services/pageNavigation';
import { isMobileDevice, openInquiry } from '../../services/platform';
import { STORE_URLS } from '../../config/links';
import { ProductCard } from '../../features/product-card/ProductCard';
import { useLoad } from '../../components/data/useLoad';
import { Button } from '../../ui/Button';
import { HorizontalScroller } from '../../ui/HorizontalScroller';
import { LogoMark, Logo } from '../../ui/Logo';
import { navigate } from '../../lib/navigation';
import { Skeleton } from '../../ui/Skeleton';
import styles from './NotFound.module.css';

export default function NotFound() {
  const [pathname] = useLocation();
  const webPath = appOpenWebPath(pathname);
  return webPath === null ? <LostWay /> : <AppOpenPrompt webPath={`${webPath}${window.location.search}${window.location.hash}`} />;
}

function LostWay() {
  return (
    <div className={styles.page}>
      <section className={styles.lost}>
        <Logo size="md" className={styles.logo} />
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.title}>길을 잃으셨나요?</h1>
        <p className={styles.message}>
          찾으시는 페이지가 없거나 주소가 바뀌었어요.
          <br />
          홈에서 다시 시작해보세요.
        </p>
        <Button size="lg" className={styles.home} onClick={() => navigate('/')}>
          홈으로 가기
        </Button>
      </section>
      <BestSellers />
    </div>
  );
}

/** The best-selling products (GET /common/v2/product?from=topsold); hidden when the list cannot load. */
function BestSellers() {
  const products = useLoad((signal) => api.get('/common/v2/product', { params: { query: { from: 'topsold' } }, signal }), [], {
    operation: 'listHomeProducts',
    quiet: true,
  });
  if (products.error || (products.data && products.data.length === 0)) return null;
  return (
    <section className={styles.best} aria-labelledby="not-found-best">
      <h2 id="not-found-best" className={styles.bestTitle}>
        지금 가장 많이 팔린 물품
      </h2>
      {products.data ? (
        <HorizontalScroller label="많이 팔린 물품" className={styles.rail}>
          {products.data.map((product, index) => (
            <ProductCard key={product.productUID} product={product} rank={index + 1} variant="rail" />
          ))}
        </HorizontalScroller>
      ) : (
        <div className={styles.rail}>
          <Skeleton variant="grid" count={4} />
        </div>
      )}
    </section>
  );
}

function storeUrl(): string {
  return /Android/i.test(navigator.userAgent) ? STORE_URLS.android : STORE_URLS.ios;
}

/**
 * Tries the app's scheme. If the page went to the background within the short wait, the app opened;
 * if it is still in front after the long one, the app is not installed and its store page opens.
 */
function openApp(webPath: string): void {
  pageNavigation.assign(`${APP_URL_SCHEME}://${webPath.replace(/^\/+/, '')}`);
  let appOpened = false;
  window.setTimeout(() => {
    appOpened = document.visibilityState === 'hidden';
  }, TIMING.appOpenFallbackShortMs);
  window.setTimeout(() => {
    if (!appOpened && document.visibilityState === 'visible') pageNavigation.assign(storeUrl());
  }, TIMING.appOpenFallbackLongMs);
}

function AppOpenPrompt({ webPath }: { webPath: string }) {
  const mobile = isMobileDevice();

  // A computer has no app to open: show the page on the web.
  useEffect(() => {
    if (!mobile) navigate(webPath, { replace: true });
  }, [mobile, webPath]);

  if (!mobile) return null;
  return (
    <div className={styles.page}>
      <section className={styles.appOpen}>
        <LogoMark size={88} className={styles.appMark} />
        <h1 className={styles.title}>앱에서 더 편하게 보세요</h1>
        <p className={styles.message}>
          마켓 오픈 알림과 주문 소식을
          <br />
          크리에이터마켓 앱에서 바로 받아보세요.
        </p>
        <div className={styles.appActions}>
          <Button size="lg" block onClick={() => openApp(webPath)}>
            앱에서 열기
          </Button>
          <Button size="lg" block variant="secondary" onClick={() => navigate(webPath, { replace: true })}>
            웹으로 볼게요
          </Button>
        </div>
        <button type="button" className={styles.trouble} onClick={() => openInquiry({ location: webPath })}>
          앱 이용에 문제가 있나요?
        </button>
      </section>
    </div>
  );
}
