// My page (/my/{user|seller}, signed in, bottom tab 마이, SPEC.md section 2): the flip profile switches
// between the buyer and seller views and replaces the route with the chosen type (any other type is the
// buyer's; the router redirects it there).
import { buildPath, type UserType } from '@creator-market/sdk/domain';
import { useParams } from 'wouter';
import { useSession } from '../../stores/session';
import { AppBar } from '../../ui/AppBar';
import { navigate } from '../../lib/navigation';
import { Spinner } from '../../ui/Spinner';
import { BuyerView } from './BuyerView';
import { FlipProfile } from './FlipProfile';
import { SellerView } from './SellerView';
import styles from './My.module.css';

export const MY_TEXT = { title: '마이' } as const;

export default function My() {
  const params = useParams<{ type?: string }>();
  const type: UserType = params.type === 'seller' ? 'seller' : 'user';
  const { me } = useSession();

  return (
    <div className={styles.page}>
      <AppBar title={MY_TEXT.title} left="none" right={['setting']} />
      {me ? (
        <>
          <FlipProfile me={me} type={type} onChange={(next) => navigate(buildPath('my', { type: next }), { replace: true })} />
          {type === 'seller' ? <SellerView me={me} /> : <BuyerView me={me} />}
        </>
      ) : (
        <div className={styles.loading}>
          <Spinner size={28} />
        </div>
      )}
    </div>
  );
}
