import type { SignalInput } from '@apothecall/domain/realtime/realtime.events';

/** Session descriptions and ICE candidates as they travel in a signal's payload. */
export type SessionDescriptionJson = { type: RTCSdpType; sdp?: string };

/** WebRTC's dictionaries are plain JSON objects (optional fields are simply absent). */
export const asJson = (value: object): SignalInput['payload'] => value as SignalInput['payload'];

export function isDescription(payload: unknown): payload is SessionDescriptionJson {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    typeof (payload as { type?: unknown }).type === 'string'
  );
}
