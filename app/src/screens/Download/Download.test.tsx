import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { STORE_URLS } from '../../config/links';
import { renderAt } from '../../testing/appHarness';
import Download from './index';

test('links to the store of each platform, in a new tab', () => {
  renderAt('/download', <Download />);
  const play = screen.getByRole('link', { name: /Google Play/ });
  const appStore = screen.getByRole('link', { name: /App Store/ });
  expect(play).toHaveAttribute('href', STORE_URLS.android);
  expect(appStore).toHaveAttribute('href', STORE_URLS.ios);
  expect(play).toHaveAttribute('target', '_blank');
});
