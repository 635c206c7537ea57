import type { VisitRole } from '@apothecall/domain/realtime/realtime.events';
import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { type Translate, useT } from '../../../lib/i18n';
import { nativePlatform } from '../../../lib/native/runtime';
import { type LocalMedia, type MediaProblem, mediaProblemBodyKey } from '../hooks/local-media';
import type { useLocalMedia } from '../hooks/use-local-media';
import type { useVisitRoom } from '../hooks/use-visit-room';
import type { useWebRtc } from '../hooks/use-webrtc';

/** What the call is doing, as the root's data-call-state (and the status line). */
export type CallState =
  | 'connecting'
  | 'refused'
  | 'waiting'
  | 'negotiating'
  | 'connected'
  | 'reconnecting'
  | 'ended';

type Call = ReturnType<typeof useWebRtc>;
type Room = ReturnType<typeof useVisitRoom>;
type TrackSwitch = ReturnType<typeof useTrackSwitch>;
type Media = ReturnType<typeof useLocalMedia>;

/** The camera or microphone could not be used: why, and Try again. */
export function MediaProblemAlert({
  problem,
  onRetry,
  t,
}: {
  problem: MediaProblem;
  onRetry: () => void;
  t: Translate;
}) {
  return (
    <Alert
      color={problem === 'denied' ? 'red' : 'yellow'}
      title={t(`call.media.${problem}.title`)}
      role="alert"
      data-testid="media-problem"
      data-problem={problem}
    >
      <Stack gap="xs">
        <Text size="sm">{t(mediaProblemBodyKey(problem, nativePlatform()))}</Text>
        <Button size="xs" variant="light" w="fit-content" onClick={onRetry}>
          {t('call.media.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** The call's state in words (the other side named while waiting). */
export function statusLine(state: CallState, other: VisitRole, t: Translate): string {
  switch (state) {
    case 'connecting':
      return t('call.status.connecting');
    case 'refused':
      return t('call.status.refused');
    case 'waiting':
      return t(`call.status.waiting.${other}`);
    case 'negotiating':
      return t('call.status.negotiating');
    case 'connected':
      return t('call.status.connected');
    case 'reconnecting':
      return t('call.status.reconnecting');
    case 'ended':
      return t('call.status.ended');
  }
}

/** A video element showing a stream; recovers from a blocked autoplay by playing muted. */
export function StreamVideo(props: {
  stream: MediaStream | null;
  label: string;
  testId: string;
  local?: boolean;
  onSoundBlocked?: (blocked: boolean) => void;
  soundOn?: number;
}) {
  const { stream, label, testId, local = false, onSoundBlocked, soundOn } = props;
  const ref = useRef<HTMLVideoElement>(null);
  const blockedRef = useRef(onSoundBlocked);
  blockedRef.current = onSoundBlocked;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (el.srcObject !== stream) el.srcObject = stream;
    if (!stream) return;
    if (!local) el.muted = false;
    el.play().catch(() => {
      if (local || !ref.current) return;
      // The browser wants a click before playing sound: play muted, offer "Turn on sound".
      ref.current.muted = true;
      blockedRef.current?.(true);
      void ref.current.play().catch(() => {});
    });
  }, [stream, local]);

  // "Turn on sound" was pressed (a user gesture): unmute and play.
  useEffect(() => {
    const el = ref.current;
    if (!el || local || !soundOn) return;
    el.muted = false;
    el.play().then(
      () => blockedRef.current?.(false),
      () => {},
    );
  }, [soundOn, local]);

  return (
    <video
      ref={ref}
      data-testid={testId}
      aria-label={label}
      autoPlay
      playsInline
      muted={local}
      style={{
        width: '100%',
        height: '100%',
        objectFit: local ? 'cover' : 'contain',
        background: '#111',
        display: 'block',
        transform: local ? 'scaleX(-1)' : undefined,
      }}
    />
  );
}

/** The microphone or camera switch: on, toggle, and whether the stream has such a track. */
export function useTrackSwitch(media: LocalMedia, kind: 'audio' | 'video') {
  const [on, setOn] = useState(true);
  useEffect(() => {
    const tracks =
      kind === 'audio' ? media.stream?.getAudioTracks() : media.stream?.getVideoTracks();
    for (const track of tracks ?? []) track.enabled = on;
  }, [media.stream, on, kind]);
  const available =
    (kind === 'audio' ? media.stream?.getAudioTracks() : media.stream?.getVideoTracks())?.length ??
    0;
  return { on, toggle: () => setOn((v) => !v), available: available > 0 };
}

/** What the call tells beside its status: refused, the other side gone, the media's state. */
export function CallNotices({
  room,
  call,
  media,
  active,
  other,
}: {
  room: Room;
  call: Call;
  media: Media;
  active: boolean;
  other: VisitRole;
}) {
  const t = useT();
  return (
    <>
      {room.status === 'refused' ? (
        <Alert color="red" role="alert" title={t('call.refused.title')}>
          {room.error ?? t('call.refused.body')}
        </Alert>
      ) : null}
      {active && call.peerGone && !call.peerPresent ? (
        <Alert color="blue" data-testid="peer-gone">
          {t(call.peerGone === 'hungUp' ? `call.peerHungUp.${other}` : `call.peerLeft.${other}`)}
        </Alert>
      ) : null}
      {active && media.status === 'pending' ? (
        <Alert color="blue">{t('call.media.pending')}</Alert>
      ) : null}
      {active && media.problem ? (
        <MediaProblemAlert problem={media.problem} onRetry={media.retry} t={t} />
      ) : null}
      {active && media.audioOnly ? <Alert color="yellow">{t('call.media.audioOnly')}</Alert> : null}
    </>
  );
}

/** The other side's video (the status over it until it comes) and this side's in a corner. */
export function CallVideos({
  call,
  media,
  label,
  other,
  soundOn,
  onSoundBlocked,
}: {
  call: Call;
  media: Media;
  label: string;
  other: VisitRole;
  soundOn: number;
  onSoundBlocked: (blocked: boolean) => void;
}) {
  const t = useT();
  return (
    <Box
      pos="relative"
      style={{ aspectRatio: '4 / 3', borderRadius: 8, overflow: 'hidden' }}
      bg="#111"
    >
      <StreamVideo
        stream={call.remoteStream}
        label={t(`call.remoteVideo.${other}`)}
        testId="remote-video"
        onSoundBlocked={onSoundBlocked}
        soundOn={soundOn}
      />
      {!call.remoteStream ? (
        <Text
          c="gray.4"
          size="sm"
          pos="absolute"
          top="50%"
          left={0}
          right={0}
          ta="center"
          px="md"
          style={{ transform: 'translateY(-50%)' }}
        >
          {label}
        </Text>
      ) : null}
      {media.stream ? (
        <Box
          pos="absolute"
          right={8}
          bottom={8}
          w="28%"
          miw={80}
          style={{
            aspectRatio: '4 / 3',
            borderRadius: 6,
            overflow: 'hidden',
            border: '2px solid rgba(255,255,255,0.7)',
          }}
        >
          <StreamVideo
            stream={media.stream}
            label={t('call.localVideo')}
            testId="local-video"
            local
          />
        </Box>
      ) : null}
    </Box>
  );
}

/** Mute, camera off, turn on sound (when the browser blocked it), and hang up. */
export function CallControls({
  mic,
  camera,
  soundBlocked,
  onSoundOn,
  onHangUp,
}: {
  mic: TrackSwitch;
  camera: TrackSwitch;
  soundBlocked: boolean;
  onSoundOn: () => void;
  onHangUp: () => void;
}) {
  const t = useT();
  return (
    <Group gap="xs" justify="center" wrap="wrap">
      <Button
        variant={mic.on ? 'default' : 'filled'}
        color={mic.on ? undefined : 'orange'}
        onClick={mic.toggle}
        disabled={!mic.available}
        aria-pressed={!mic.on}
      >
        {mic.on ? t('call.mic.mute') : t('call.mic.unmute')}
      </Button>
      <Button
        variant={camera.on ? 'default' : 'filled'}
        color={camera.on ? undefined : 'orange'}
        onClick={camera.toggle}
        disabled={!camera.available}
        aria-pressed={!camera.on}
      >
        {camera.on ? t('call.camera.off') : t('call.camera.on')}
      </Button>
      {soundBlocked ? (
        <Button variant="light" onClick={onSoundOn}>
          {t('call.soundBlocked')}
        </Button>
      ) : null}
      <Button color="red" onClick={onHangUp}>
        {t('call.hangUp')}
      </Button>
    </Group>
  );
}
