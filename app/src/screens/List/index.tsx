// List (/list/{category}/{typeId?}, SPEC.md section 2): the full list behind a home section: a seller list,
// a product grid, market cards with their four tabs, preview cards, or the sellers (or markets) of one
// seller category. An unknown category is the Not found screen.
import { buildPath, type ListCategory } from '@creator-market/sdk/domain';
import { useEffect } from 'react';
import { useParams } from 'wouter';
import { showNotFound } from '../../services/notFound';
import { isMarketListKind } from '../../components/market-card/openedMarkets';
import { categoryLabel } from '../../components/seller-card/SellerCard';
import { AppBar } from '../../ui/AppBar';
import { navigate } from '../../lib/navigation';
import { Tabs } from '../../ui/Tabs';
import { CategoryList } from './CategoryList';
import { isListCategory, LIST_CONFIG, MARKET_TABS } from './listConfig';
import { MarketList, PreviewList, ProductList, SellerList } from './Lists';
import styles from './List.module.css';

export default function List() {
  const params = useParams<{ category: string; typeId?: string }>();
  const category = params.category;
  const known = isListCategory(category);

  useEffect(() => {
    if (!known) showNotFound();
  }, [known]);
  if (!known) return null;

  const config = LIST_CONFIG[category];
  const title = config.shape === 'category' && params.typeId ? categoryLabel(params.typeId) : config.title;
  return (
    <div className={styles.page}>
      <AppBar title={title} right={['cart']} />
      <ListBody category={category} typeId={params.typeId} />
    </div>
  );
}

function ListBody({ category, typeId }: { category: ListCategory; typeId: string | undefined }) {
  const config = LIST_CONFIG[category];
  if (config.shape === 'category') return <CategoryList typeId={typeId} />;
  if (config.shape === 'sellers') return <SellerList category={category} ranked={config.ranked === true} />;
  if (config.shape === 'products') return <ProductList category={category} ranked={config.ranked === true} />;
  if (config.shape === 'previews') return <PreviewList />;
  if (!isMarketListKind(category)) return null;
  return (
    <>
      <div className={styles.stickyTabs}>
        <Tabs
          label="마켓 목록"
          items={MARKET_TABS}
          value={category}
          onChange={(next) => navigate(buildPath('list', { category: next }), { replace: true })}
        />
      </div>
      <MarketList kind={category} />
    </>
  );
}
