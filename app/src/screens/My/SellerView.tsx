// The seller side of the my page (SPEC.md sections 2 and 6): a buyer is invited to apply as an author; a
// seller with an incomplete profile is asked to complete it; otherwise the seller's public link with a
// copy button, shortcuts to the author account and markets, and the first 3 sales notifications and
// upcoming-release news with links to see them all.
import { buildPath, goLink, isSellerProfileComplete, MY_PAGE_LIST_COUNT, RESULT_TOASTS, USER_LEVEL } from '@creator-market/sdk/domain';
import { api } from '../../api/client';
import { openExternal } from '../../services/platform';
import { useLoad } from '../../components/data/useLoad';
import { sellerAccountUrl, sellerJoinUrl, sellerMarketUrl, sellerProfileUrl } from '../../services/sellerCenter';
import { useNow } from '../../components/data/useNow';
import { NotificationRow } from '../../features/notification/NotificationRow';
import { notificationPage } from '../../features/notification/notifications';
import { Section } from '../../features/section/Section';
import { SellerNewsRow } from '../../features/seller-news/SellerNewsRow';
import type { MeSnapshot } from './types';
import { Button } from '../../ui/Button';
import { IconCopy } from '../../ui/icons/actions';
import { IconMy, IconSetting } from '../../ui/icons/navigation';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/Toast';
import styles from './My.module.css';
import { ROUTER_BASE } from '../../config/appBase';

export const SELLER_TEXT = {
  applyTitle: '작가가 되어 나만의 마켓을 열어보세요',
  applyDescription: '작가 신청이 승인되면 마켓을 열고 판매 알림과 출시 예정 소식을 관리할 수 있어요.',
  apply: '작가 신청하기',
  completeTitle: '작가 프로필을 완성해주세요',
  completeDescription: '프로필, 정산 계좌와 사업자 정보를 모두 등록하면 작가 페이지를 열 수 있어요.',
  complete: '프로필 완성하기',
  publicLink: '내 작가 페이지 주소',
  copy: '복사',
  copyLabel: '작가 페이지 주소 복사',
  account: '작가 계정',
  market: '마켓 관리',
  sales: '판매 알림',
  noSales: '판매 알림이 없어요',
  news: '출시 예정 소식',
  noNews: '출시 예정 소식이 없어요',
} as const;

export function SellerView({ me }: { me: MeSnapshot }) {
  if (me.user.level !== USER_LEVEL.seller || !me.seller) {
    return (
      <Prompt
        title={SELLER_TEXT.applyTitle}
        description={SELLER_TEXT.applyDescription}
        action={SELLER_TEXT.apply}
        url={sellerJoinUrl(me.user.uid)}
      />
    );
  }
  if (!isSellerProfileComplete(me.seller)) {
    return (
      <Prompt
        title={SELLER_TEXT.completeTitle}
        description={SELLER_TEXT.completeDescription}
        action={SELLER_TEXT.complete}
        url={sellerProfileUrl(me.user.uid)}
      />
    );
  }
  return <Dashboard uid={me.user.uid} seller={me.seller} />;
}

function Prompt({ title, description, action, url }: { title: string; description: string; action: string; url: string }) {
  return (
    <div className={styles.view}>
      <section className={styles.prompt} aria-label={title}>
        <span className={styles.promptIcon} aria-hidden="true">
          <IconMy size={30} />
        </span>
        <h2 className={styles.promptTitle}>{title}</h2>
        <p className={styles.promptDescription}>{description}</p>
        <Button block onClick={() => openExternal(url)}>
          {action}
        </Button>
      </section>
    </div>
  );
}

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast(RESULT_TOASTS.copied, { type: 'success' });
  } catch {
    // The clipboard refused (insecure page, permission): nothing was copied, so nothing is claimed.
  }
}

function Dashboard({ uid, seller }: { uid: string; seller: NonNullable<MeSnapshot['seller']> }) {
  const now = useNow();
  const link = goLink({ page: 'profile', sellerId: seller.publicId }, `${window.location.origin}${ROUTER_BASE}`);
  const sales = useLoad((signal) => notificationPage({ type: 'seller', signal }), [], { operation: 'listNotifications' });
  const news = useLoad(
    (signal) => api.get('/common/preview/list', { params: { query: { sellerId: seller.publicId } }, signal }),
    [seller.publicId],
    { operation: 'listSellerPreviews' },
  );

  return (
    <div className={styles.view}>
      <section className={styles.linkBox} aria-label={SELLER_TEXT.publicLink}>
        <span className={styles.linkLabel}>{SELLER_TEXT.publicLink}</span>
        <div className={styles.linkRow}>
          <span className={styles.linkText}>{link}</span>
          <Button
            variant="secondary"
            size="sm"
            icon={<IconCopy size={16} />}
            aria-label={SELLER_TEXT.copyLabel}
            onClick={() => void copyText(link)}
          >
            {SELLER_TEXT.copy}
          </Button>
        </div>
      </section>

      <div className={styles.shortcuts}>
        <button type="button" className={styles.shortcut} onClick={() => openExternal(sellerAccountUrl(uid))}>
          <IconMy size={22} />
          {SELLER_TEXT.account}
        </button>
        <button type="button" className={styles.shortcut} onClick={() => openExternal(sellerMarketUrl(uid))}>
          <IconSetting size={22} />
          {SELLER_TEXT.market}
        </button>
      </div>

      <Section title={SELLER_TEXT.sales} moreHref={buildPath('message', { type: 'seller' })} bleed>
        {sales.data ? (
          sales.data.length === 0 ? (
            <p className={styles.emptyLine}>{SELLER_TEXT.noSales}</p>
          ) : (
            <ul className={styles.rows} aria-label={SELLER_TEXT.sales}>
              {sales.data.slice(0, MY_PAGE_LIST_COUNT).map((notification) => (
                <li key={notification._id}>
                  <NotificationRow notification={notification} type="seller" now={now} />
                </li>
              ))}
            </ul>
          )
        ) : (
          sales.loading && <Skeleton variant="rows" count={3} className={styles.skeleton} />
        )}
      </Section>

      <Section title={SELLER_TEXT.news} moreHref={buildPath('sellerPreview')} bleed>
        {news.data ? (
          news.data.length === 0 ? (
            <p className={styles.emptyLine}>{SELLER_TEXT.noNews}</p>
          ) : (
            <ul className={styles.rows} aria-label={SELLER_TEXT.news}>
              {news.data.slice(0, MY_PAGE_LIST_COUNT).map((preview) => (
                <li key={preview.previewUID}>
                  <SellerNewsRow preview={preview} now={now} />
                </li>
              ))}
            </ul>
          )
        ) : (
          news.loading && <Skeleton variant="rows" count={3} className={styles.skeleton} />
        )}
      </Section>
    </div>
  );
}
