// Development page that shows every shared UI component in use, the way screens will compose them.
// The route table replaces it in App.tsx; it stays reachable for design reviews.
import { formatWon } from '@creator-market/sdk/domain';
import { useEffect, useState } from 'react';
import { openDrawer } from '../stores/drawers';
import { setFloatingButton } from '../stores/ui';
import { AppBar } from '../ui/AppBar';
import { Badge } from '../ui/Badge';
import { Drawer } from '../ui/BottomSheet';
import { BottomTab, type BottomTabName } from '../ui/BottomTab';
import { Button } from '../ui/Button';
import { Carousel } from '../ui/Carousel';
import { HorizontalScroller } from '../ui/HorizontalScroller';
import { Checkbox } from '../ui/Checkbox';
import { FilterTags } from '../ui/Chip';
import { alert, confirm } from '../ui/Dialog';
import { EmptyState, ErrorState } from '../ui/EmptyState';
import { Footer } from '../ui/Footer';
import { IconBell, IconHeart, IconShare, IconStar } from '../ui/icons/actions';
import { IconSearch } from '../ui/icons/navigation';
import { InfiniteScroll, useInfiniteList, type PageRequest } from '../ui/InfiniteScroll';
import { LazyImage } from '../ui/LazyImage';
import { openLoginPrompt } from '../ui/LoginPrompt';
import { QuantityStepper } from '../ui/QuantityStepper';
import { RadioGroup } from '../ui/Radio';
import { Skeleton } from '../ui/Skeleton';
import { Tabs } from '../ui/Tabs';
import { toast } from '../ui/Toast';
import { Toggle } from '../ui/Toggle';
import styles from './KitPage.module.css';

/** A cover drawn as an SVG data URL (soft gradient and a simple motif), so the page needs no network. */
function coverImage(from: string, to: string, motif: 'bear' | 'ring' | 'star' | 'dot'): string {
  const shapes = {
    bear: '<circle cx="200" cy="215" r="78" fill="#fff"/><circle cx="142" cy="148" r="30" fill="#fff"/><circle cx="258" cy="148" r="30" fill="#fff"/><circle cx="174" cy="205" r="9" fill="#5b4a46"/><circle cx="226" cy="205" r="9" fill="#5b4a46"/><ellipse cx="200" cy="238" rx="22" ry="16" fill="#ffd9e2"/>',
    ring: '<circle cx="200" cy="150" r="34" fill="none" stroke="#fff" stroke-width="14"/><rect x="140" y="180" width="120" height="120" rx="28" fill="#fff"/><circle cx="200" cy="240" r="24" fill="#8fe3d2"/>',
    star: '<path d="M200 110l26 62 67 5-51 43 16 65-58-35-58 35 16-65-51-43 67-5z" fill="#fff"/>',
    dot: '<circle cx="200" cy="210" r="86" fill="#fff"/><circle cx="200" cy="210" r="62" fill="#ffb547"/><path d="M200 124c14-22 36-26 52-18" stroke="#5aa469" stroke-width="12" fill="none" stroke-linecap="round"/>',
  }[motif];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="400" height="400" fill="url(#g)"/>${shapes}</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const BANNERS = [
  { title: '말랑 스튜디오 겨울 마켓', sub: '11월 21일 저녁 8시 오픈', colors: ['#07D1AE', '#4FA8FF'] },
  { title: '손그림 키링 한정 재입고', sub: '구독하고 오픈 알림 받기', colors: ['#FF9A8B', '#FF6A88'] },
  { title: '다꾸 스티커 신작 모음', sub: '이번 주 새로 온 작가님', colors: ['#8E7CFF', '#5BC0F8'] },
] as const;

const PRODUCTS = [
  { title: '말랑 곰돌이 조각스티커', seller: '말랑 스튜디오', price: '3,500원', cover: coverImage('#FFE3EC', '#FFC2D4', 'bear') },
  { title: '투명 아크릴 키링 (3종)', seller: '소소공방', price: '8,000원 ~', cover: coverImage('#E0F7F2', '#B4EDE0', 'ring') },
  { title: '별빛 마스킹테이프', seller: '밤하늘 문구', price: '4,200원', cover: coverImage('#E6E9FF', '#C7CEFF', 'star') },
  { title: '귤 패턴 폰케이스', seller: '귤밭 상점', price: '18,000원', cover: coverImage('#FFF1D6', '#FFDDA0', 'dot') },
];

type MarketFilter = 'all' | 'scheduled' | 'open' | 'deadline' | 'closed';
type MarketTab = 'new' | 'open' | 'scheduled' | 'deadline';

interface DemoRow {
  id: number;
  title: string;
}

/** Three pages of demo rows, then an empty page that ends the list. */
async function loadDemoPage({ page }: PageRequest<DemoRow>): Promise<DemoRow[]> {
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (page > 3) return [];
  return Array.from({ length: 4 }, (_, i) => {
    const id = (page - 1) * 4 + i + 1;
    return { id, title: `주문 알림 ${id}` };
  });
}

export default function KitPage() {
  const [tab, setTab] = useState<BottomTabName>('home');

  useEffect(() => {
    setFloatingButton(true);
    return () => setFloatingButton(false);
  }, []);

  return (
    <div className={styles.page}>
      <AppBar left="none" title="디자인 키트" right={['cart', 'setting']} cartCount={3} />

      <div className={styles.search} role="search">
        <IconSearch size={20} />
        <span>물품, 작가명 검색</span>
      </div>

      <BannerSection />
      <NowOrderableSection />
      <ButtonsSection />
      <BadgesFiltersTabsSection />
      <InputsSection />
      <OverlaysSection />
      <LoadingSection />

      <Footer />
      <BottomTab current={tab} onNavigate={setTab} cartCount={3} />

      <DeliveryDrawer />
    </div>
  );
}

/** The home banner: an autoplaying carousel with a counter. */
function BannerSection() {
  return (
    <div className={styles.banner}>
      <Carousel label="메인 배너" autoplay indicator="counter" radius={16}>
        {BANNERS.map((banner) => (
          <div
            key={banner.title}
            className={styles.bannerSlide}
            style={{ background: `linear-gradient(135deg, ${banner.colors[0]}, ${banner.colors[1]})` }}
          >
            <span className={styles.bannerSub}>{banner.sub}</span>
            <strong className={styles.bannerTitle}>{banner.title}</strong>
          </div>
        ))}
      </Carousel>
    </div>
  );
}

/** A home section: a heading with '더보기' over a row of product cards that scrolls sideways. */
function NowOrderableSection() {
  return (
    <section className={styles.section}>
      <header className={styles.sectionHead}>
        <h2>지금 주문 가능한 물품</h2>
        <button type="button" className={styles.more}>
          더보기
        </button>
      </header>
      <HorizontalScroller label="지금 주문 가능한 물품" className={styles.bleed}>
        {PRODUCTS.map((product) => (
          <a key={product.title} href="#product" className={styles.product}>
            <LazyImage src={product.cover} alt={product.title} radius={14} />
            <span className={styles.productSeller}>{product.seller}</span>
            <span className={styles.productTitle}>{product.title}</span>
            <strong className={styles.productPrice}>{product.price}</strong>
          </a>
        ))}
      </HorizontalScroller>
    </section>
  );
}

/** Buttons: loading, with an icon, toggled, destructive and disabled. */
function ButtonsSection() {
  const [loading, setLoading] = useState(false);
  const [subscribed, setSubscribed] = useState(false);
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>버튼</h2>
      <div className={styles.stack}>
        <Button
          block
          size="lg"
          loading={loading}
          onClick={() => {
            setLoading(true);
            setTimeout(() => setLoading(false), 1500);
          }}
        >
          주문 시작
        </Button>
        <div className={styles.row}>
          <Button variant="secondary" block icon={<IconShare size={18} />}>
            공유하기
          </Button>
          <Button variant="ghost" block icon={<IconBell size={18} />}>
            오픈 알림
          </Button>
        </div>
        <div className={styles.row}>
          <Button
            size="sm"
            variant={subscribed ? 'ghost' : 'primary'}
            icon={<IconHeart size={16} filled={subscribed} />}
            onClick={() => setSubscribed((on) => !on)}
          >
            {subscribed ? '구독중' : '구독하기'}
          </Button>
          <Button size="sm" variant="secondary" destructive>
            장바구니 삭제
          </Button>
          <Button size="sm" disabled>
            품절
          </Button>
        </div>
      </div>
    </section>
  );
}

/** The status badges, the market filter tags and the market list's tabs. */
function BadgesFiltersTabsSection() {
  const [filter, setFilter] = useState<MarketFilter>('all');
  const [marketTab, setMarketTab] = useState<MarketTab>('new');
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>배지 · 필터 · 탭</h2>
      <div className={styles.badges}>
        <Badge tone="yellow">결제 전</Badge>
        <Badge tone="green">결제 완료</Badge>
        <Badge tone="blue">발송 완료</Badge>
        <Badge tone="red">주문 취소</Badge>
        <Badge tone="mint" variant="solid" size="sm">
          신규
        </Badge>
        <Badge tone="gray" size="sm">
          무료배송
        </Badge>
      </div>
      <FilterTags
        className={styles.bleed}
        label="마켓 상태"
        value={filter}
        onChange={setFilter}
        options={[
          { value: 'all', label: '전체', count: 12 },
          { value: 'scheduled', label: '오픈 예정' },
          { value: 'open', label: '주문 가능' },
          { value: 'deadline', label: '마감 임박' },
          { value: 'closed', label: '주문 종료' },
        ]}
      />
      <Tabs
        className={styles.bleed}
        label="마켓 목록"
        value={marketTab}
        onChange={setMarketTab}
        items={[
          { value: 'new', label: '신규 등록' },
          { value: 'open', label: '주문 가능' },
          { value: 'scheduled', label: '오픈 예정' },
          { value: 'deadline', label: '마감 임박' },
        ]}
      />
    </section>
  );
}

/** A cart line with its quantity stepper, a toggle, a checkbox and a pressed-state icon button. */
function InputsSection() {
  const [quantity, setQuantity] = useState(1);
  const [scrollView, setScrollView] = useState(true);
  const [agree, setAgree] = useState(true);
  const [pinned, setPinned] = useState(false);
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>입력</h2>
      <div className={styles.card}>
        <div className={styles.cartLine}>
          <LazyImage src={PRODUCTS[0]?.cover} alt="말랑 곰돌이 조각스티커" ratio={1} radius={10} className={styles.thumb} />
          <div className={styles.cartText}>
            <span className={styles.productTitle}>말랑 곰돌이 조각스티커</span>
            <span className={styles.cartOption}>A타입 · 3,500원</span>
            <div className={styles.cartFoot}>
              <QuantityStepper value={quantity} min={1} max={5} size="sm" onChange={setQuantity} />
              <strong>{formatWon(3500 * quantity)}</strong>
            </div>
          </div>
        </div>
        <div className={styles.divider} />
        <Toggle
          label="물품 스크롤로 보기"
          description="마켓의 물품을 한 화면에서 이어서 봐요"
          checked={scrollView}
          onChange={setScrollView}
        />
        <div className={styles.divider} />
        <div className={styles.row}>
          <Checkbox label="전체 선택" checked={agree} onChange={setAgree} />
          <button type="button" className={styles.pin} aria-pressed={pinned} aria-label="고정" onClick={() => setPinned((on) => !on)}>
            <IconStar size={22} filled={pinned} />
          </button>
        </div>
      </div>
    </section>
  );
}

/** What opens over the page: toasts, dialogs, the login prompt and the drawer. */
function OverlaysSection() {
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>오버레이</h2>
      <div className={styles.grid2}>
        <Button variant="secondary" onClick={() => toast('저장 완료 되었어요', { type: 'success' })}>
          토스트
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            toast('작가님을 구독했어요', { type: 'info', position: 'top', action: { label: '구독 목록', onClick: () => undefined } })
          }
        >
          상단 토스트
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            void confirm({
              title: '주문 취소',
              message: '주문 취소 후에는 수정할 수 없어요.',
              confirmText: '주문 취소',
              cancelText: '다음에',
              destructive: true,
            }).then((ok) => toast(ok ? '주문을 취소했어요' : '취소하지 않았어요'))
          }
        >
          확인 대화상자
        </Button>
        <Button
          variant="secondary"
          onClick={() => void alert({ title: '주문 폭주', message: '주문 폭주로 요청을 완료 할 수 없어요. 잠시 후 다시 주문해주세요.' })}
        >
          알림 대화상자
        </Button>
        <Button variant="secondary" onClick={() => void openLoginPrompt()}>
          로그인 안내
        </Button>
        <Button variant="secondary" onClick={() => openDrawer('kit-delivery', { market: '말랑 스튜디오 겨울 마켓' })}>
          서랍
        </Button>
      </div>
    </section>
  );
}

/** Loading states: skeleton rows, an infinite list of demo pages, the empty and error states. */
function LoadingSection() {
  const list = useInfiniteList({ fetchPage: loadDemoPage });
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>불러오기</h2>
      <Skeleton variant="rows" count={3} className={styles.bleed} />
      <div className={styles.card}>
        <InfiniteScroll list={list} placeholder={<Skeleton variant="rows" count={4} />} empty={<EmptyState message="주문 알림이 없어요" />}>
          {list.items.map((row) => (
            <div key={row.id} className={styles.listRow}>
              <span className={styles.listDot} />
              {row.title}
            </div>
          ))}
        </InfiniteScroll>
      </div>
      <EmptyState message="장바구니가 비었어요" description="마음에 드는 물품을 담아보세요" />
      <ErrorState onRetry={() => toast('다시 불러오는 중이에요')} />
    </section>
  );
}

/** The drawer that '서랍' opens: a delivery option to choose. */
function DeliveryDrawer() {
  const [delivery, setDelivery] = useState<string | null>('parcel');
  return (
    <Drawer
      name="kit-delivery"
      title="배송 옵션 선택"
      showClose
      footer={
        <Button block size="lg" onClick={() => toast('배송 옵션을 저장했어요', { type: 'success' })}>
          선택 완료
        </Button>
      }
    >
      {(params) => (
        <>
          <p className={styles.drawerMarket}>{params.market}</p>
          <RadioGroup
            name="delivery"
            label="배송 옵션"
            value={delivery}
            onChange={setDelivery}
            options={[
              { value: 'parcel', label: '일반 택배 3,500원', description: '2kg까지' },
              { value: 'mail', label: '준등기 1,800원', description: '200g까지' },
              { value: 'cvs', label: '편의점 택배 2,300원', description: '이용 불가, 다시 선택해주세요', disabled: true },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
