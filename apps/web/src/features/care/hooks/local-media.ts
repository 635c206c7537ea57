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
