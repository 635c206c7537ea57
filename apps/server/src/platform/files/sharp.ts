import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded with its first use: libvips and its bindings hold about 22 MB resident, and most
 * processes never draw an image in the main thread (an upload's image is re-encoded by the image
 * worker; here only a brand's logo and icons, and the refusal text that names HEIC). Issue 38,
 * item 6: docs/performance.md, "Memory".
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
