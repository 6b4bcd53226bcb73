// Account withdrawal (SPEC.md sections 2, 6 and 8). A seller cannot delete the account alone: a dialog
// says it needs the operator's confirmation and offers an inquiry. A buyer confirms, the account is
// deleted (POST /auth/unregister/user) and signed out; a refusal ('회원 탈퇴 실패') shows through presentError.
import { USER_LEVEL } from '@creator-market/sdk/domain';
import { api } from '../../api/client';
import { presentError } from '../../services/errors';
import { openInquiry } from '../../services/platform';
import { session, signOut } from '../../stores/session';
import { confirm } from '../../ui/Dialog';
import { toast } from '../../ui/Toast';

export const WITHDRAW_TEXT = {
  title: '회원 탈퇴',
  sellerMessage: '작가 회원은 관리자 확인 후\n탈퇴할 수 있어요. 문의해주세요.',
  buyerMessage: '탈퇴하면 구독과 알림 정보가 모두 삭제되고\n되돌릴 수 없어요. 정말 탈퇴할까요?',
  confirm: '탈퇴하기',
  inquiry: '문의하기',
  later: '다음에',
  done: '탈퇴가 완료되었어요',
} as const;

/** Resolves true when the account was deleted. */
export async function withdrawAccount(): Promise<boolean> {
  const me = session.me;
  if (!me) return false;
  if (me.user.level === USER_LEVEL.seller) {
    const inquire = await confirm({
      title: WITHDRAW_TEXT.title,
      message: WITHDRAW_TEXT.sellerMessage,
      confirmText: WITHDRAW_TEXT.inquiry,
      cancelText: WITHDRAW_TEXT.later,
    });
    if (inquire) openInquiry({ uid: me.user.uid, location: '/setting' });
    return false;
  }
  const sure = await confirm({
    title: WITHDRAW_TEXT.title,
    message: WITHDRAW_TEXT.buyerMessage,
    confirmText: WITHDRAW_TEXT.confirm,
    cancelText: WITHDRAW_TEXT.later,
    destructive: true,
  });
  if (!sure) return false;
  try {
    await api.post('/auth/unregister/user', { body: { userId: me.user.uid } });
  } catch (error) {
    await presentError(error, { operation: 'unregisterUser' });
    return false;
  }
  toast(WITHDRAW_TEXT.done, { type: 'success' });
  signOut();
  return true;
}
