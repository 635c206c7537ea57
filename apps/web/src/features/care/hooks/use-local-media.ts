import { useCallback, useEffect, useState } from 'react';
import { classifyMediaError, type LocalMedia, mediaProblemOf } from './local-media';

async function openCamera(): Promise<{ stream: MediaStream; audioOnly: boolean }> {
  const devices = globalThis.navigator?.mediaDevices;
  if (!devices?.getUserMedia) {
    throw new DOMException('getUserMedia unavailable', 'InsecureContext');
  }
  try {
    return { stream: await devices.getUserMedia({ video: true, audio: true }), audioOnly: false };
  } catch (error) {
    // No camera: a visit can still go on by voice.
    if (classifyMediaError(error) !== 'notFound') throw error;
    return { stream: await devices.getUserMedia({ audio: true }), audioOnly: true };
  }
}

/**
 * The camera and microphone for the component's life (tracks stopped on unmount). `retry`
 * asks again, e.g. after the person allowed the camera in the browser's settings.
 */
export function useLocalMedia(enabled = true): LocalMedia & { retry: () => void } {
  const [media, setMedia] = useState<LocalMedia>({
    status: 'pending',
    stream: null,
    problem: null,
    audioOnly: false,
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // attempt is the trigger of a new request.
    void attempt;
    if (!enabled) {
      setMedia({ status: 'off', stream: null, problem: null, audioOnly: false });
      return;
    }
    let cancelled = false;
    let opened: MediaStream | null = null;
    setMedia({ status: 'pending', stream: null, problem: null, audioOnly: false });
    openCamera().then(
      ({ stream, audioOnly }) => {
        if (cancelled) {
          for (const track of stream.getTracks()) track.stop();
          return;
        }
        opened = stream;
        setMedia({ status: 'ready', stream, problem: null, audioOnly });
      },
      (error: unknown) => {
        if (cancelled) return;
        setMedia({
          status: 'failed',
          stream: null,
          problem: mediaProblemOf(error),
          audioOnly: false,
        });
      },
    );
    return () => {
      cancelled = true;
      if (opened) for (const track of opened.getTracks()) track.stop();
    };
  }, [attempt, enabled]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...media, retry };
}
