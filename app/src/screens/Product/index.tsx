// Product (/p/{sellerId}/{marketId}#productId, SPEC.md section 2): every product of the market in one
// scroll, or one product at a time with previous/next and a row of the market's products. The first visit
// asks which view to use, with '다시 묻지 않기' (remembered as config remember.viewProductScroll); without it
// the answer holds for the rest of the session (the tab), so the sheet does not return on every product.
import { buildPath, configStore, visibleProducts } from '@creator-market/sdk/domain';
import { useEffect, useLayoutEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { api } from '../../api/client';
import { CartBar } from '../../features/cart-drawer-entry/CartBar';
import { PageClock } from '../../components/data/pageClock';
import { useFirstScreen } from '../../components/data/useFirstScreen';
import { useLoad } from '../../components/data/useLoad';
import { loadMarketDetail, type Product } from '../../components/market-detail/marketDetail';
import { imageUrl } from '../../lib/media/imageUrl';
import { AppBar } from '../../ui/AppBar';
import { BottomSheet } from '../../ui/BottomSheet';
import { Button } from '../../ui/Button';
import { HorizontalScroller } from '../../ui/HorizontalScroller';
import { Checkbox } from '../../ui/Checkbox';
import { cx } from '../../ui/cx';
import { ErrorState } from '../../ui/EmptyState';
import { IconChevron } from '../../ui/icons/actions';
import { LazyImage } from '../../ui/LazyImage';
import { navigate } from '../../lib/navigation';
import { SkeletonBlock } from '../../ui/SkeletonBlock';
import { ProductDetail } from './ProductDetail';
import styles from './Product.module.css';

export type ViewMode = 'scroll' | 'single';

export const VIEW_TEXT = {
  askTitle: '물품을 어떻게 볼까요?',
  askMessage: '마켓의 물품을 한 화면에서 이어서 보거나, 하나씩 넘겨 볼 수 있어요.',
  scroll: '스크롤로 모아보기',
  single: '하나씩 보기',
  dontAsk: '다시 묻지 않기',
  previous: '이전 물품',
  next: '다음 물품',
  toMarket: '마켓 보기',
  position: (index: number, total: number) => `${index} / ${total}`,
} as const;

/** This tab's answer when '다시 묻지 않기' was not ticked: the sheet asks once per session, not per visit. */
export const SESSION_VIEW_MODE_KEY = 'cm.productViewMode';

function rememberedMode(): ViewMode | null {
  const remembered = configStore.read(localStorage).remember.viewProductScroll;
  if (remembered !== null) return remembered ? 'scroll' : 'single';
  try {
    const answered = sessionStorage.getItem(SESSION_VIEW_MODE_KEY);
    return answered === 'scroll' || answered === 'single' ? answered : null;
  } catch {
    return null; // no storage: ask on every visit
  }
}

function hashProductId(): string {
  try {
    return decodeURIComponent(window.location.hash.slice(1));
  } catch {
    return '';
  }
}

export default function ProductScreen() {
  const { sellerId = '', marketId = '' } = useParams<{ sellerId: string; marketId: string }>();
  const detail = useLoad(() => loadMarketDetail(sellerId, marketId), [sellerId, marketId], { operation: 'getMarket' });
  const sellerMarkets = useLoad(
    (signal) => api.get('/common/v2/seller/opened-market/{sellerPID}', { params: { path: { sellerPID: sellerId } }, signal }),
    [sellerId],
    { operation: 'listSellerOpenedMarkets' },
  );
  const [mode, setMode] = useState<ViewMode | null>(rememberedMode);
  const [productId, setProductId] = useState(hashProductId);

  useEffect(() => {
    const onHashChange = () => setProductId(hashProductId());
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  const data = detail.data;
  // The lead product's first image is the first screen's largest paint: the overlays and the other screens'
  // preloads wait for it (components/data/useFirstScreen.ts), as on the market screen.
  const products = data ? visibleProducts(data.product) : [];
  const lead = leadProduct(products, productId);
  const firstScreen = useFirstScreen(data ? (lead?.cover.length ?? 0) > 0 : true);
  return (
    <div className={styles.page}>
      <AppBar right={['cart']} />
      {data ? (
        <>
          {/* The page's level-one heading for assistive technology: the market whose products these are (each product is an h2). */}
          <h1 className="visually-hidden">{data.market.title}</h1>
          <Link href={buildPath('market', { sellerId, marketId })} className={styles.marketLink}>
            <span className={styles.marketAvatar}>
              <LazyImage src={imageUrl(data.seller.info.profile)} alt="" ratio={1} radius="50%" />
            </span>
            <span className={styles.marketText}>
              <span className={styles.marketSeller}>{data.seller.info.name}</span>
              <span className={styles.marketTitle}>{data.market.title}</span>
              <span className="visually-hidden">{VIEW_TEXT.toMarket}</span>
            </span>
            <IconChevron size={18} />
          </Link>
          {mode === 'scroll' ? (
            <ScrollView products={products} lead={lead} productId={productId} onLeadSettle={firstScreen.show} />
          ) : (
            <SingleView
              products={products}
              lead={lead}
              onLeadSettle={firstScreen.show}
              onSelect={(id) => {
                setProductId(id);
                navigate(buildPath('product', { sellerId, marketId }, { hash: id }), { replace: true });
                window.scrollTo(0, 0);
              }}
            />
          )}
          <PageClock>
            <CartBar detail={data} sellerMarkets={sellerMarkets.data ?? []} {...(mode !== 'scroll' && productId ? { productId } : {})} />
          </PageClock>
          <ViewModeSheet open={mode === null} onChoose={setMode} />
        </>
      ) : detail.error ? (
        <ErrorState onRetry={detail.reload} />
      ) : (
        <div className={styles.skeleton} aria-busy="true" aria-label="불러오는 중">
          <SkeletonBlock width="100%" height="auto" radius={0} className={styles.skeletonCover} />
          <SkeletonBlock width="70%" height={22} />
          <SkeletonBlock width="40%" height={24} />
        </div>
      )}
    </div>
  );
}

function ViewModeSheet({ open, onChoose }: { open: boolean; onChoose: (mode: ViewMode) => void }) {
  const [dontAsk, setDontAsk] = useState(false);
  function choose(mode: ViewMode) {
    if (dontAsk) {
      configStore.update(localStorage, (config) => ({ ...config, remember: { ...config.remember, viewProductScroll: mode === 'scroll' } }));
    }
    try {
      sessionStorage.setItem(SESSION_VIEW_MODE_KEY, mode);
    } catch {
      // without storage the sheet asks again next visit
    }
    onChoose(mode);
  }
  return (
    <BottomSheet open={open} onClose={() => choose('single')} title={VIEW_TEXT.askTitle}>
      <div className={styles.ask}>
        <p className={styles.askMessage}>{VIEW_TEXT.askMessage}</p>
        <div className={styles.askChoices}>
          <Button size="lg" block onClick={() => choose('scroll')}>
            {VIEW_TEXT.scroll}
          </Button>
          <Button size="lg" block variant="secondary" onClick={() => choose('single')}>
            {VIEW_TEXT.single}
          </Button>
        </div>
        <Checkbox shape="square" checked={dontAsk} onChange={setDontAsk} label={VIEW_TEXT.dontAsk} />
      </div>
    </BottomSheet>
  );
}

/** The product the page opens on: the hash's when it is listed, else the first. */
function leadProduct(products: Product[], productId: string): Product | undefined {
  return products.find((product) => product._id === productId) ?? products[0];
}

interface ViewProps {
  /** The market's products on view (visibleProducts), and the one the page opens on (leadProduct). */
  products: Product[];
  lead: Product | undefined;
  /** The lead product's first image has settled (LazyImage onSettle). */
  onLeadSettle: () => void;
}

function ScrollView({ products, lead, productId, onLeadSettle }: ViewProps & { productId: string }) {
  // Open on the product of the hash.
  useLayoutEffect(() => {
    if (productId) document.getElementById(`product-${productId}`)?.scrollIntoView?.({ block: 'start' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on arrival: scrolling by hand must not jump back
  }, []);
  return (
    <div className={styles.scrollView}>
      {products.map((product) => (
        <ProductDetail key={product._id} product={product} trackView {...(product === lead ? { priority: true, onLeadSettle } : {})} />
      ))}
    </div>
  );
}

function SingleView({ products, lead: product, onLeadSettle, onSelect }: ViewProps & { onSelect: (id: string) => void }) {
  if (!product) return null;
  const index = products.indexOf(product);
  const previous = products[index - 1];
  const next = products[index + 1];
  return (
    <>
      <ProductDetail key={product._id} product={product} priority onLeadSettle={onLeadSettle} />
      <nav className={styles.pager} aria-label="물품 이동">
        <Button
          variant="secondary"
          disabled={!previous}
          onClick={() => previous && onSelect(previous._id)}
          icon={<IconChevron direction="left" size={18} />}
        >
          {VIEW_TEXT.previous}
        </Button>
        <span className={styles.position}>{VIEW_TEXT.position(index + 1, products.length)}</span>
        <Button variant="secondary" disabled={!next} onClick={() => next && onSelect(next._id)}>
          {VIEW_TEXT.next}
          <IconChevron direction="right" size={18} />
        </Button>
      </nav>
      <HorizontalScroller label="마켓의 물품" gap={10} className={styles.thumbs}>
        {products.map((item) => (
          <button
            key={item._id}
            type="button"
            className={cx(styles.thumb, item._id === product._id && styles.thumbCurrent)}
            aria-current={item._id === product._id || undefined}
            aria-label={item.title}
            onClick={() => onSelect(item._id)}
          >
            <LazyImage src={imageUrl(item.cover[0])} alt="" ratio={1} radius={10} />
          </button>
        ))}
      </HorizontalScroller>
    </>
  );
}
