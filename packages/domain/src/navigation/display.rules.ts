/**
 * The app shell's display classes and timings (spec section 9): the extra-small and phone
 * breakpoints, script chunk timeout and the throttle interval.
 */

/** Script chunk loading fails on timeout after 120 s. */
export const scriptChunkTimeoutMs = 120_000;
/** Throttle / poll interval of the helper that spec section 9 mentions. */
export const throttleMs = 60_000;

export const displayBreakpoints = {
  /** Widths strictly below this are extra-small. */
  extraSmallBelowWidthPx: 340,
  /** A phone is at most this wide ... */
  phoneMaxWidthPx: 767,
  /** ... and at most this aspect ratio (width / height), i.e. portrait. */
  phoneMaxAspectRatio: 3 / 4,
} as const;

export interface Viewport {
  readonly width: number;
  readonly height: number;
}

export interface DisplayClass {
  readonly extraSmall: boolean;
  readonly phone: boolean;
}

/**
 * The display flags for a viewport: extra-small when width < 340; phone when width <= 767 and
 * width / height <= 3/4 (the CSS `(max-width: 767px) and (max-aspect-ratio: 3/4)` query).
 * The flags are independent: a 320 x 600 screen is both.
 */
export function displayClass({ width, height }: Viewport): DisplayClass {
  const ratioOk = height > 0 && width * 4 <= height * 3;
  return {
    extraSmall: width < displayBreakpoints.extraSmallBelowWidthPx,
    phone: width <= displayBreakpoints.phoneMaxWidthPx && ratioOk,
  };
}
