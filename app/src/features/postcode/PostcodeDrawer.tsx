// The full-screen postcode search drawer of the address forms (SPEC.md section 2, edit address): it embeds
// the postcode widget (./postcode.ts) the way the product embeds the real one, and hands back the chosen
// address, then closes.
import { useCallback } from 'react';
import { useLatest } from '../../lib/useLatest';
import { BottomSheet } from '../../ui/BottomSheet';
import { POSTCODE_TEXT } from './lookup';
import { Postcode, type PostcodeData } from './postcode';
import styles from './Postcode.module.css';

export interface PostcodeDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The chosen address; the drawer closes itself afterwards. */
  onComplete: (data: PostcodeData) => void;
}

/** The address fields of a form from the widget's data: postal code and road address. */
export function addressFromPostcode(data: PostcodeData): { zip: string; addr: string } {
  return { zip: data.zonecode, addr: data.roadAddress || data.address };
}

export function PostcodeDrawer({ open, onClose, onComplete }: PostcodeDrawerProps) {
  const latest = useLatest({ onClose, onComplete });

  // The widget lives in this element for as long as it is on screen.
  const mountWidget = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return;
      const widget = new Postcode({
        oncomplete: (data) => {
          latest.current.onComplete(data);
          latest.current.onClose();
        },
      });
      widget.embed(element, { autoClose: false });
      return () => widget.remove();
    },
    [latest],
  );

  return (
    <BottomSheet open={open} onClose={onClose} title={POSTCODE_TEXT.title} fullHeight showClose>
      <div ref={mountWidget} className={styles.frame} data-postcode-widget="" />
    </BottomSheet>
  );
}
