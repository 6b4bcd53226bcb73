// The postcode widget adapter: the one place the app meets the postcode search. The real product embeds a
// Korean postcode widget loaded from a CDN, used as
//   new Postcode({ oncomplete(data) { ... } }).embed(element)
// with `data` carrying zonecode, roadAddress, jibunAddress, buildingName and more. That CDN cannot be
// reached here, so this module keeps the widget's shape and draws its own search into the element, backed
// by the mock server's lookup (GET /__postcode/search on the API base). Swapping in the real widget changes
// only this file.
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { PostcodeData } from './lookup';
import { PostcodeSearch } from './PostcodeSearch';

export type { PostcodeData } from './lookup';

export interface PostcodeOptions {
  /** An address was chosen. */
  oncomplete: (data: PostcodeData) => void;
  /** A search finished (the real widget reports the query and the number of results). */
  onsearch?: (result: { q: string; count: number }) => void;
}

export interface EmbedOptions {
  /** Search this at once. */
  q?: string;
  /** Remove the widget once an address is chosen (the real widget's default). */
  autoClose?: boolean;
}

/** The postcode widget: `new Postcode({ oncomplete }).embed(element)`. */
export class Postcode {
  private mounted: { root: Root; frame: HTMLElement } | null = null;

  constructor(private readonly options: PostcodeOptions) {}

  /** Draws the search into `element` (in a frame of its own, as the real widget adds its iframe), searching `q` at once when given. */
  embed(element: HTMLElement, { q = '', autoClose = true }: EmbedOptions = {}): void {
    this.remove();
    const frame = document.createElement('div');
    frame.style.minHeight = '100%';
    element.append(frame);
    const root = createRoot(frame);
    this.mounted = { root, frame };
    root.render(
      createElement(PostcodeSearch, {
        initialQuery: q,
        onSearch: this.options.onsearch,
        onSelect: (data: PostcodeData) => {
          this.options.oncomplete(data);
          if (autoClose) this.remove();
        },
      }),
    );
  }

  /** Takes the widget out of its element (our addition: the real widget's frame goes with its element). */
  remove(): void {
    const mounted = this.mounted;
    this.mounted = null;
    if (!mounted) return;
    // Not during React's own commit (the drawer removes the widget as it unmounts).
    queueMicrotask(() => {
      mounted.root.unmount();
      mounted.frame.remove();
    });
  }
}
