// The buyer's photo and colour: a preview card in the chosen colour, a photo picker (JPEG, PNG or WebP,
// uploaded when the form is saved) and colour swatches with a hex-only custom colour.
import { DEFAULT_BG_COLOR, IMAGE_INPUT_ACCEPT, isAcceptedImageType, isHexColour } from '@creator-market/sdk/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { imageUrl } from '../../lib/media/imageUrl';
import { inkOn } from '../../ui/contrast';
import { cx } from '../../ui/cx';
import { IconCheck } from '../../ui/icons/actions';
import { IconImage } from '../../ui/icons/status';
import { LazyImage } from '../../ui/LazyImage';
import { EDIT_MY_INFO_MESSAGES } from './form';
import styles from './EditMyInfo.module.css';

export const PROFILE_TEXT = {
  photo: '프로필 사진',
  changePhoto: '사진 변경',
  colour: '프로필 색상',
  customColour: '직접 입력',
  swatch: (colour: string) => `색상 ${colour}`,
} as const;

/** Colours offered first (the default mint first). */
export const COLOUR_SWATCHES = ['#07D1AE', '#FFB6C1', '#BDB2FF', '#A0C4FF', '#FFD6A5', '#FF9AA2', '#9BE7C4', '#333D4B'] as const;

export interface ProfileSectionProps {
  name: string;
  profileImage: string | undefined;
  photo: File | null;
  onPhoto: (file: File) => void;
  bgColor: string;
  onColour: (colour: string) => void;
  colourError?: string | undefined;
}

/** A data URL of the chosen file for the preview (readable in every browser and in tests). */
function usePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    let current = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (current && typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => {
      current = false;
    };
  }, [file]);
  // Only the preview of the file chosen now (none while it is read, none without a file).
  return file && preview?.file === file ? preview.url : null;
}

export function ProfileSection({ name, profileImage, photo, onPhoto, bgColor, onColour, colourError }: ProfileSectionProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [customColour, setCustomColour] = useState(bgColor);
  const colourInputId = useId();
  const preview = usePreview(photo);
  const shownColour = isHexColour(bgColor) ? bgColor : undefined;
  const cardInk = inkOn(shownColour ?? DEFAULT_BG_COLOR);

  return (
    <div className={styles.profile}>
      {/* The buyer picks the colour: the name and the focus ring take the ink that reads on it. */}
      <div className={styles.card} style={{ background: shownColour, color: cardInk, ['--color-focus' as string]: cardInk }}>
        <button
          type="button"
          className={styles.photoButton}
          aria-label={PROFILE_TEXT.changePhoto}
          onClick={() => fileInput.current?.click()}
        >
          <span className={styles.photo}>
            {preview ? (
              <img src={preview} alt={PROFILE_TEXT.photo} className={styles.photoImage} />
            ) : (
              <LazyImage src={imageUrl(profileImage)} alt={PROFILE_TEXT.photo} ratio={1} radius="50%" fallback={<IconImage size={28} />} />
            )}
          </span>
          <span className={styles.photoBadge}>{PROFILE_TEXT.changePhoto}</span>
        </button>
        <strong className={styles.cardName}>{name || '\u00a0'}</strong>
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_INPUT_ACCEPT}
          className="visually-hidden"
          aria-label={PROFILE_TEXT.photo}
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            if (!isAcceptedImageType(file.type)) {
              setPhotoError(EDIT_MY_INFO_MESSAGES.photoType);
              return;
            }
            setPhotoError(null);
            onPhoto(file);
          }}
        />
      </div>
      {photoError && (
        <p className={styles.photoError} role="alert">
          {photoError}
        </p>
      )}
      <div className={styles.colours} role="radiogroup" aria-label={PROFILE_TEXT.colour}>
        {COLOUR_SWATCHES.map((colour) => {
          const selected = colour.toLowerCase() === bgColor.toLowerCase();
          return (
            <button
              key={colour}
              type="button"
              role="radio"
              aria-checked={selected}
              aria-label={PROFILE_TEXT.swatch(colour)}
              className={cx(styles.swatch, selected && styles.swatchSelected)}
              style={{ background: colour }}
              onClick={() => {
                setCustomColour(colour);
                onColour(colour);
              }}
            >
              {selected && <IconCheck size={16} strokeWidth={3} />}
            </button>
          );
        })}
      </div>
      <div className={styles.customColour}>
        <label htmlFor={colourInputId} className={styles.customLabel}>
          {PROFILE_TEXT.customColour}
        </label>
        <input
          type="color"
          className={styles.colourPicker}
          aria-label={`${PROFILE_TEXT.customColour} 색상 선택`}
          value={shownColour ?? '#000000'}
          onChange={(event) => {
            setCustomColour(event.target.value.toUpperCase());
            onColour(event.target.value.toUpperCase());
          }}
        />
        <input
          id={colourInputId}
          className={styles.hexInput}
          value={customColour}
          maxLength={7}
          spellCheck={false}
          aria-invalid={colourError ? true : undefined}
          onChange={(event) => {
            const typed = event.target.value.trim();
            setCustomColour(typed);
            onColour(typed.startsWith('#') ? typed.toUpperCase() : `#${typed.toUpperCase()}`);
          }}
        />
      </div>
      {colourError && (
        <p className={styles.photoError} role="alert">
          {colourError}
        </p>
      )}
    </div>
  );
}
