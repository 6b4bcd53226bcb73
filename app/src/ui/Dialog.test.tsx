import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { uiState } from '../stores/ui';
import { alert, confirm, DialogHost } from './Dialog';
import { LoginPrompt, openLoginPrompt } from './LoginPrompt';
import { stepBack } from '../lib/navigation';
import { actAndSettle } from '../testing/act';

describe('confirm and alert', () => {
  it('resolves true when the user confirms', async () => {
    const user = userEvent.setup();
    render(<DialogHost />);
    let answer: Promise<boolean> | undefined;
    await actAndSettle(() => {
      answer = confirm({
        title: '주문 취소',
        message: '주문 취소 후에는 수정할 수 없어요.',
        confirmText: '주문 취소',
        cancelText: '다음에',
      });
    });
    const dialog = screen.getByRole('alertdialog', { name: '주문 취소' });
    expect(dialog).toHaveTextContent(/주문 취소 후에는 수정할 수 없어요\./);
    await user.click(screen.getByRole('button', { name: '주문 취소' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('resolves false on cancel and on Escape', async () => {
    const user = userEvent.setup();
    render(<DialogHost />);
    let first: Promise<boolean> | undefined;
    await actAndSettle(() => {
      first = confirm({ title: '삭제할까요?' });
    });
    await user.click(screen.getByRole('button', { name: '취소' }));
    await expect(first).resolves.toBe(false);

    let second: Promise<boolean> | undefined;
    await actAndSettle(() => {
      second = confirm({ title: '삭제할까요?' });
    });
    await user.keyboard('{Escape}');
    await expect(second).resolves.toBe(false);
  });

  it('keeps Tab and Shift+Tab on its buttons and gives focus back to the opener when closed with Escape', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">주문 시작</button>
        <DialogHost />
      </>,
    );
    const opener = screen.getByRole('button', { name: '주문 시작' });
    opener.focus();
    let answer: Promise<boolean> | undefined;
    await actAndSettle(() => {
      answer = confirm({ title: '주문 정보 입력', message: '구매 정보, 배송 주소를 입력해주세요', confirmText: '입력하기' });
    });
    const confirmButton = screen.getByRole('button', { name: '입력하기' });
    const cancelButton = screen.getByRole('button', { name: '취소' });
    expect(confirmButton).toHaveFocus();
    await user.tab();
    expect(cancelButton).toHaveFocus();
    await user.tab();
    expect(confirmButton).toHaveFocus();
    await user.tab({ shift: true });
    expect(cancelButton).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirmButton).toHaveFocus();

    await user.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('gives focus back to a button that was disabled while it worked (focus had dropped to the page)', async () => {
    const user = userEvent.setup();
    function PayButton({ busy }: { busy: boolean }) {
      return (
        <button type="button" disabled={busy}>
          결제하기
        </button>
      );
    }
    const { rerender } = render(
      <>
        <PayButton busy={false} />
        <DialogHost />
      </>,
    );
    const pay = screen.getByRole('button', { name: '결제하기' });
    pay.focus();
    // The request: the browser drops focus to the body as the button turns disabled.
    pay.blur();
    rerender(
      <>
        <PayButton busy />
        <DialogHost />
      </>,
    );
    expect(document.body).toHaveFocus();
    rerender(
      <>
        <PayButton busy={false} />
        <DialogHost />
      </>,
    );
    let done: Promise<void> | undefined;
    await actAndSettle(() => {
      done = alert({ title: '결제 실패', message: '카드 결제에 실패했어요.' });
    });
    await user.keyboard('{Escape}');
    await expect(done).resolves.toBeUndefined();
    expect(pay).toHaveFocus();
  });

  it('shows queued dialogs one after another', async () => {
    const user = userEvent.setup();
    render(<DialogHost />);
    let done: Promise<void> | undefined;
    await actAndSettle(() => {
      done = alert({ title: '주문 폭주', message: '주문 폭주로 요청을 완료 할 수 없어요. 잠시 후 다시 주문해주세요.' });
      void confirm({ title: '필수 업데이트 안내', confirmText: '업데이트', cancelText: '자세히' });
    });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    // An alert has a single button, focused on open.
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(document.activeElement?.textContent).toBe('확인');
    await user.click(screen.getByRole('button', { name: '확인' }));
    await expect(done).resolves.toBeUndefined();
    expect(screen.getByRole('alertdialog', { name: '필수 업데이트 안내' })).toBeInTheDocument();
  });

  it('locks page scroll while a dialog is open', async () => {
    const user = userEvent.setup();
    render(<DialogHost />);
    await actAndSettle(() => {
      void alert('저장에 실패했습니다.');
    });
    expect(uiState.scrollLocks).toBe(1);
    await user.click(screen.getByRole('button', { name: '확인' }));
    expect(uiState.scrollLocks).toBe(0);
  });
});

describe('closing a dialog without its buttons', () => {
  it('a tap on the backdrop cancels a confirm and closes an alert; a tap inside the panel does not', async () => {
    const user = userEvent.setup();
    render(<DialogHost />);
    let answer: Promise<boolean> | undefined;
    await actAndSettle(() => {
      answer = confirm({ title: '문의하기', message: '위치: /search/result?term=%EB%A7%90' });
    });
    await user.click(screen.getByText('위치: /search/result?term=%EB%A7%90'));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('dialog-backdrop'));
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    let shown: Promise<void> | undefined;
    await actAndSettle(() => {
      shown = alert('저장에 실패했습니다.');
    });
    await user.click(screen.getByTestId('dialog-backdrop'));
    await expect(shown).resolves.toBeUndefined();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("the browser's back closes it", async () => {
    render(<DialogHost />);
    let answer: Promise<boolean> | undefined;
    await actAndSettle(() => {
      answer = confirm({ title: '불러오지 못했어요' });
    });
    await actAndSettle(() => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("the app's own back step (a cancelled navigation, then the login prompt) leaves it open", async () => {
    render(<DialogHost />);
    window.history.pushState({}, '', '/r/123456789012');
    let answer: Promise<boolean> | undefined;
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    await actAndSettle(() => {
      stepBack();
      answer = confirm({ title: '로그인 필요' });
    });
    await act(async () => {
      await popped;
    });
    expect(screen.getByRole('alertdialog', { name: '로그인 필요' })).toBeInTheDocument();
    await actAndSettle(() => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(answer).resolves.toBe(false);
  });
});

describe('LoginPrompt', () => {
  it('asks to log in with the spec wording and runs onLogin on 로그인', async () => {
    const user = userEvent.setup();
    const onLogin = vi.fn();
    render(<LoginPrompt onLogin={onLogin} />);
    let answer: Promise<boolean> | undefined;
    await actAndSettle(() => {
      answer = openLoginPrompt();
    });
    const dialog = screen.getByRole('alertdialog', { name: '로그인 필요' });
    expect(dialog).toHaveTextContent(/간편 로그인 후 이용할 수 있어요\. 지금 로그인 할까요\?/);
    expect(screen.getByRole('button', { name: '다음에' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(onLogin).toHaveBeenCalledTimes(1);
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('closes without logging in on 다음에', async () => {
    const user = userEvent.setup();
    const onLogin = vi.fn();
    render(<LoginPrompt onLogin={onLogin} />);
    let answer: Promise<boolean> | undefined;
    await actAndSettle(() => {
      answer = openLoginPrompt();
    });
    await user.click(screen.getByRole('button', { name: '다음에' }));
    await expect(answer).resolves.toBe(false);
    expect(onLogin).not.toHaveBeenCalled();
  });
});
