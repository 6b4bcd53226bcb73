import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { uiState } from '../stores/ui';
import { alert, confirm, DialogHost } from './Dialog';
import { LoginPrompt, openLoginPrompt } from './LoginPrompt';
import { actAndSettle } from '../test/act';

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
    expect(dialog.textContent).toContain('주문 취소 후에는 수정할 수 없어요.');
    await user.click(screen.getByRole('button', { name: '주문 취소' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
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
    expect(screen.getByRole('alertdialog', { name: '필수 업데이트 안내' })).toBeTruthy();
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
    expect(dialog.textContent).toContain('간편 로그인 후 이용할 수 있어요. 지금 로그인 할까요?');
    expect(screen.getByRole('button', { name: '다음에' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(onLogin).toHaveBeenCalledTimes(1);
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
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
