import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { RevealInTurn } from './RevealInTurn';

test('shows the first parts at once, the rest in order while idle, and the placeholder until the last one', async () => {
  render(
    <RevealInTurn first={2} pending={<p>more to come</p>}>
      <p>part 1</p>
      <p>part 2</p>
      <p>part 3</p>
      <p>part 4</p>
    </RevealInTurn>,
  );
  expect(screen.getAllByText(/^part/).map((part) => part.textContent)).toEqual(['part 1', 'part 2']);
  expect(screen.getByText('more to come')).toBeInTheDocument();

  expect(await screen.findByText('part 4')).toBeInTheDocument();
  expect(screen.getAllByText(/^part/).map((part) => part.textContent)).toEqual(['part 1', 'part 2', 'part 3', 'part 4']);
  expect(screen.queryByText('more to come')).not.toBeInTheDocument();
});
