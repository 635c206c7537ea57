import { describe, expect, it } from 'vitest';
import { asJson, isDescription } from './call-signal';

describe('signal payloads', () => {
  it('a session description is an object with a type', () => {
    expect(isDescription({ type: 'offer', sdp: 'v=0' })).toBe(true);
    expect(isDescription({ type: 'answer' })).toBe(true);
  });

  it('ICE candidates, nulls and other values are not descriptions', () => {
    expect(isDescription({ candidate: 'candidate:1', sdpMid: '0' })).toBe(false);
    expect(isDescription({ type: 1 })).toBe(false);
    expect(isDescription(null)).toBe(false);
    expect(isDescription('offer')).toBe(false);
    expect(isDescription(undefined)).toBe(false);
  });

  it('a description survives the JSON trip of the signalling channel', () => {
    const sent = asJson({ type: 'offer', sdp: 'v=0\r\n' });
    const received: unknown = JSON.parse(JSON.stringify(sent));
    expect(isDescription(received)).toBe(true);
    expect(received).toEqual({ type: 'offer', sdp: 'v=0\r\n' });
  });
});
