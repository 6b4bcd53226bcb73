// Home in tests: jsdom loads no images, so the first banner's image never settles and the lists below the
// first screen wait FIRST_SCREEN_WAIT_MS (a second) before they ask for their data. A test that is not
// about that wait lets the image load, as a browser would.
import { fireEvent, screen } from '@testing-library/react';

/** Waits for the first banner's image and fires its load (on each copy the carousel shows): the home then shows its first screen. */
export async function firstBannerLoads(): Promise<void> {
  for (const image of await screen.findAllByAltText('배너 1')) fireEvent.load(image);
}
