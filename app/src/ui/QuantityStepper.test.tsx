import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QuantityStepper } from './QuantityStepper';

describe('QuantityStepper', () => {
  it('steps by one and stops at the bounds', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const view = render(<QuantityStepper value={1} min={1} max={3} onChange={onChange} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '수량 줄이기' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '수량 늘리기' }));
    expect(onChange).toHaveBeenLastCalledWith(2);

    view.rerender(<QuantityStepper value={3} min={1} max={3} onChange={onChange} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '수량 늘리기' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '수량 줄이기' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
  });

  it('has no upper bound without max, and no buttons when disabled', () => {
    const view = render(<QuantityStepper value={99} onChange={() => undefined} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '수량 늘리기' })).toBeEnabled();
    view.rerender(<QuantityStepper value={2} onChange={() => undefined} disabled />);
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });
});
