// The my page's flip profile: the buyer's card on the front, the seller's on the back. The switch above it
// flips the card and replaces the route with the chosen type (/my/user, /my/seller).
import { buildPath, DEFAULT_BG_COLOR, USER_LEVEL, type UserType } from '@creator-market/sdk/domain';
import type { CSSProperties } from 'react';
import { Link } from 'wouter';
import { imageUrl } from '../../lib/media/imageUrl';
import type { MeSnapshot } from './types';
import { cx } from '../../ui/cx';
import { IconChevron } from '../../ui/icons/actions';
import { IconMy } from '../../ui/icons/navigation';
import { LazyImage } from '../../ui/LazyImage';
import { Tabs } from '../../ui/Tabs';
import { inkOn } from '../../ui/contrast';

/** A card in the user's own colour: its text and the focus ring inside it take the ink that reads on it. */
function cardStyle(colour: string): CSSProperties {
  const ink = inkOn(colour);
  return { background: colour, color: ink, ['--color-focus' as string]: ink };
}
import styles from './My.module.css';

export const PROFILE_TEXT = {
  switchLabel: '프로필 종류',
  buyer: '구매자',
  seller: '작가',
  buyerFallbackName: '구매자님',
  editBuyer: '구매자 정보',
  sellerPage: '내 작가 페이지',
  notSeller: '아직 작가 회원이 아니에요',
  notSellerHint: '작가 신청 후 나만의 마켓을 열 수 있어요',
} as const;

const NOT_SELLER_COLOUR = '#E5E8EB';

export function FlipProfile({ me, type, onChange }: { me: MeSnapshot; type: UserType; onChange: (type: UserType) => void }) {
  const buyerColour = me.user.bgColor || DEFAULT_BG_COLOR;
  const isSeller = me.user.level === USER_LEVEL.seller && me.seller !== null;
  const sellerColour = isSeller ? me.seller.bgColor || DEFAULT_BG_COLOR : NOT_SELLER_COLOUR;
  const flipped = type === 'seller';

  return (
    <section className={styles.profile} aria-label="프로필">
      <Tabs<UserType>
        label={PROFILE_TEXT.switchLabel}
        items={[
          { value: 'user', label: PROFILE_TEXT.buyer },
          { value: 'seller', label: PROFILE_TEXT.seller },
        ]}
        value={type}
        onChange={onChange}
        className={styles.switch}
      />
      <div className={styles.flip}>
        <div className={cx(styles.flipInner, flipped && styles.flipped)}>
          <div className={cx(styles.face, styles.front)} style={cardStyle(buyerColour)} aria-hidden={flipped} inert={flipped}>
            <Avatar src={me.user.profileImage} />
            <div className={styles.faceText}>
              <strong className={styles.faceName}>{me.user.name ?? me.auth.displayName ?? PROFILE_TEXT.buyerFallbackName}</strong>
              {me.auth.email && <span className={styles.faceSub}>{me.auth.email}</span>}
            </div>
            <Link href={buildPath('editMyInfo')} className={styles.facePill}>
              {PROFILE_TEXT.editBuyer}
              <IconChevron size={14} strokeWidth={2.2} />
            </Link>
          </div>
          <div className={cx(styles.face, styles.back)} style={cardStyle(sellerColour)} aria-hidden={!flipped} inert={!flipped}>
            {isSeller ? (
              <>
                <Avatar src={me.seller.info?.profile ?? me.user.profileImage} />
                <div className={styles.faceText}>
                  <strong className={styles.faceName}>{me.seller.info?.name ?? me.auth.displayName}</strong>
                  <span className={styles.faceSub}>@{me.seller.publicId}</span>
                </div>
                <Link href={buildPath('profile', { sellerId: me.seller.publicId })} className={styles.facePill}>
                  {PROFILE_TEXT.sellerPage}
                  <IconChevron size={14} strokeWidth={2.2} />
                </Link>
              </>
            ) : (
              <>
                <span className={styles.avatar}>
                  <IconMy size={34} />
                </span>
                <div className={styles.faceText}>
                  <strong className={styles.faceName}>{PROFILE_TEXT.notSeller}</strong>
                  <span className={styles.faceSub}>{PROFILE_TEXT.notSellerHint}</span>
                </div>
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

function Avatar({ src }: { src: string | undefined }) {
  return (
    <span className={styles.avatar}>
      <LazyImage src={imageUrl(src)} alt="" ratio={1} radius="50%" fallback={<IconMy size={34} />} />
    </span>
  );
}
