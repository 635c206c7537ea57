/**
 * What became of the camera and microphone, and why they could not be opened, in the words
 * the call screen explains to the person.
 */
export type MediaProblem = 'denied' | 'notFound' | 'inUse' | 'insecure' | 'other';

export interface LocalMedia {
  /** off: not asked (the call is not active). */
  status: 'off' | 'pending' | 'ready' | 'failed';
  stream: MediaStream | null;
  problem: MediaProblem | null;
  /** True when no camera was found and the call went on with the microphone only. */
  audioOnly: boolean;
}

export function classifyMediaError(error: unknown): MediaProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'notFound';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'inUse';
    default:
      return 'other';
  }
}

/** Why opening the camera failed; a page without a secure context cannot ask at all. */
export function mediaProblemOf(error: unknown): MediaProblem {
  const insecure = error instanceof DOMException && error.name === 'InsecureContext';
  return insecure ? 'insecure' : classifyMediaError(error);
}

/**
 * Which explanation the call screen shows for a problem. A camera refused inside the native apps
 * was refused by the phone's app permissions, not by a browser's address bar: the
 * text says where the phone's settings keep them.
 */
export function mediaProblemBodyKey(
  problem: MediaProblem,
  platform: 'ios' | 'android' | null,
):
  | `call.media.${MediaProblem}.body`
  | 'call.media.denied.body.ios'
  | 'call.media.denied.body.android' {
  if (problem === 'denied' && platform) return `call.media.denied.body.${platform}`;
  return `call.media.${problem}.body`;
}
