/**
 * The attributes of a cover image. A generated cover (`…/media/gen/covers/<key>-<width>.webp`,
 * written by scripts/media.ts with the half-width file `<key>-<width/2>.webp` beside it) gets a
 * `srcset` of both and `sizes` of the width it is drawn at, so a 160-pixel thumbnail on a phone
 * takes the small file and a page header the large one. Any other address (an upload, a cover
 * in public/, another origin) is left as it is.
 */
export interface CoverAttrs {
  src: string;
  srcset?: string;
  sizes?: string;
}

const GENERATED = /^(.*\/media\/gen\/covers\/[a-z0-9-]+)-(\d{2,4})\.webp$/;

/** `width`: the CSS pixels the image is laid out at (its width attribute). */
export function coverImg(src: string, width: number): CoverAttrs {
  const m = GENERATED.exec(src);
  if (!m) return { src };
  const full = Number(m[2]);
  const half = full / 2;
  if (!Number.isInteger(half)) return { src };
  return { src, srcset: `${m[1]}-${half}.webp ${half}w, ${src} ${full}w`, sizes: `${width}px` };
}
