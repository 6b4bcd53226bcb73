// The my page's order-info drawer: what an order sends to the seller. The buyer info (name, phone, SNS,
// cash receipt, refund account) with its edit form, and the address book (the primary one first) where
// an address can be edited, made primary or added.
import {
  ADDRESS_STATUS,
  BANKS,
  buildPath,
  checkUserInfo,
  formatCashReceipt,
  formatPhoneForDisplay,
  SNS_DISPLAY_NAMES,
  type SnsTypeCode,
} from '@creator-market/sdk/domain';
import { useState } from 'react';
import { Link } from 'wouter';
import { api } from '../../api/client';
import { presentError } from '../../services/errors';
import { useLoad } from '../../components/data/useLoad';
import type { MeSnapshot } from './types';
import { Badge } from '../../ui/Badge';
import { BottomSheet } from '../../ui/BottomSheet';
import { Button } from '../../ui/Button';
import { IconPlus } from '../../ui/icons/actions';
import { IconAlert } from '../../ui/icons/status';
import { navigate } from '../../lib/navigation';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/Toast';
import styles from './My.module.css';

export const ORDER_INFO_TEXT = {
  title: '주문 정보',
  summary: '구매자 정보 · 배송 주소',
  incomplete: '주문하려면 구매자 정보와 배송 주소를 모두 입력해주세요',
  buyer: '구매자 정보',
  edit: '수정',
  name: '이름',
  phone: '휴대폰 번호',
  sns: 'SNS',
  cashReceipt: '현금영수증',
  cashNone: '신청 안 함',
  refund: '환불 계좌',
  missing: '미입력',
  addresses: '배송 주소',
  primary: '기본 배송지',
  makePrimary: '기본 배송지로 설정',
  madePrimary: '기본 배송지를 바꿨어요',
  addAddress: '새 배송지 추가',
  noAddress: '등록된 배송 주소가 없어요',
} as const;

type User = MeSnapshot['user'];

/** The buyer info and the primary address are complete enough to order. */
export function isOrderInfoComplete(user: User, hasAddress: boolean): boolean {
  return checkUserInfo(user) === 'ok' && Boolean(user.name) && hasAddress;
}

function cashReceiptText(receipt: User['cashReceipt']): string | null {
  if (!receipt) return null;
  if (receipt.no === '') return ORDER_INFO_TEXT.cashNone;
  return formatCashReceipt(receipt.isPersonal ? 'personal' : 'business', receipt.no);
}

export function OrderInfoDrawer({ open, onClose, me }: { open: boolean; onClose: () => void; me: MeSnapshot }) {
  const [settingPrimary, setSettingPrimary] = useState<string | null>(null);
  const addresses = useLoad((signal) => api.get('/address/list', { signal }), [open], { operation: 'listAddresses', enabled: open });
  const user = me.user;
  const rows: [string, string | null][] = [
    [ORDER_INFO_TEXT.name, user.name ?? null],
    [ORDER_INFO_TEXT.phone, user.phone ? formatPhoneForDisplay(user.phone) : null],
    [
      ORDER_INFO_TEXT.sns,
      user.sns && user.sns.type !== 0
        ? `${SNS_DISPLAY_NAMES[user.sns.type as SnsTypeCode]} ${user.sns.id}`
        : user.sns
          ? SNS_DISPLAY_NAMES[0]
          : null,
    ],
    [ORDER_INFO_TEXT.cashReceipt, cashReceiptText(user.cashReceipt)],
    [
      ORDER_INFO_TEXT.refund,
      user.account ? `${BANKS.find((bank) => bank.code === user.account!.type)?.name ?? user.account.type} ${user.account.no}` : null,
    ],
  ];
  const list = addresses.data ?? [];
  const complete = isOrderInfoComplete(user, list.length > 0);

  function go(path: string) {
    onClose();
    navigate(path);
  }

  async function makePrimary(id: string) {
    setSettingPrimary(id);
    try {
      await api.post('/address/set-primary', { body: { _id: id } });
      toast(ORDER_INFO_TEXT.madePrimary, { type: 'success' });
      addresses.reload();
    } catch (error) {
      void presentError(error, { operation: 'setPrimaryAddress' });
    } finally {
      setSettingPrimary(null);
    }
  }

  return (
    <BottomSheet open={open} onClose={onClose} title={ORDER_INFO_TEXT.title} showClose>
      {addresses.data && !complete && (
        <p className={styles.infoWarning}>
          <IconAlert size={18} />
          {ORDER_INFO_TEXT.incomplete}
        </p>
      )}
      <section className={styles.infoBlock} aria-label={ORDER_INFO_TEXT.buyer}>
        <header className={styles.infoHead}>
          <h3>{ORDER_INFO_TEXT.buyer}</h3>
          <Button variant="secondary" size="sm" onClick={() => go(buildPath('editMyInfo'))}>
            {ORDER_INFO_TEXT.edit}
          </Button>
        </header>
        <dl className={styles.infoRows}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className={value === null ? styles.missing : undefined}>{value ?? ORDER_INFO_TEXT.missing}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className={styles.infoBlock} aria-label={ORDER_INFO_TEXT.addresses}>
        <header className={styles.infoHead}>
          <h3>{ORDER_INFO_TEXT.addresses}</h3>
        </header>
        {addresses.loading && !addresses.data ? (
          <div className={styles.drawerLoading}>
            <Spinner size={24} />
          </div>
        ) : (
          <ul className={styles.addresses}>
            {list.length === 0 && <li className={styles.noAddress}>{ORDER_INFO_TEXT.noAddress}</li>}
            {list.map((address) => (
              <li key={address._id} className={styles.address}>
                <Link
                  href={buildPath('editAddr', {}, { query: { _id: address._id } })}
                  className={styles.addressLink}
                  onClick={onClose}
                  aria-label={`${address.name} ${address.addr} ${ORDER_INFO_TEXT.edit}`}
                >
                  <span className={styles.addressName}>
                    {address.name}
                    {address.status === ADDRESS_STATUS.primary && (
                      <Badge tone="mint" size="sm">
                        {ORDER_INFO_TEXT.primary}
                      </Badge>
                    )}
                  </span>
                  <span className={styles.addressLine}>{formatPhoneForDisplay(address.tel)}</span>
                  <span className={styles.addressLine}>
                    ({address.zip}) {address.addr} {address.addr2}
                  </span>
                </Link>
                {address.status !== ADDRESS_STATUS.primary && (
                  <Button variant="ghost" size="sm" loading={settingPrimary === address._id} onClick={() => void makePrimary(address._id)}>
                    {ORDER_INFO_TEXT.makePrimary}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <Button variant="secondary" block icon={<IconPlus size={18} />} onClick={() => go(buildPath('editAddr'))}>
          {ORDER_INFO_TEXT.addAddress}
        </Button>
      </section>
    </BottomSheet>
  );
}
