import type { VisitRole } from '@apothecall/domain/realtime/realtime.events';
import { Alert, Box, Button, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { type Translate, useT } from '../../../lib/i18n';
import { nativePlatform } from '../../../lib/native/runtime';
import { openCall } from '../../../lib/visit-presence';
import { type LocalMedia, type MediaProblem, mediaProblemBodyKey } from '../hooks/local-media';
import { useChat } from '../hooks/use-chat';
import { useLocalMedia } from '../hooks/use-local-media';
import { useVisitRoom } from '../hooks/use-visit-room';
import { useWebRtc } from '../hooks/use-webrtc';
import { ChatPanel } from './chat-panel';

/** What the call is doing, as the root's data-call-state (and the status line). */
export type CallState =
  | 'connecting'
  | 'refused'
  | 'waiting'
  | 'negotiating'
  | 'connected'
  | 'reconnecting'
  | 'ended';

function MediaProblemAlert({
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

function statusLine(state: CallState, other: VisitRole, t: Translate): string {
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
function StreamVideo(props: {
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

function useTrackSwitch(media: LocalMedia, kind: 'audio' | 'video') {
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

/**
 * The video call and chat of a visit, for the patient or the provider. Joins the visit's room
 * on mount (and after every reconnect), opens the camera and microphone, connects with the
 * other side over WebRTC (either side may join or reload first), and leaves on unmount.
 *
 * The root carries data-testid="visit-call", data-connection-state (the RTCPeerConnection's
 * connectionState, 'new' while there is none), data-call-state (CallState), data-media-state
 * and data-peer-present for tests.
 */
export function VisitCall(props: {
  visitId: string;
  socket: Socket | null;
  role: 'patient' | 'provider';
  /** The other side as people call them (the provider's name and credential), when known. */
  otherName?: string | null;
  onHangUp?: () => void;
}) {
  const { visitId, socket, role, onHangUp } = props;
  const t = useT();
  const other: VisitRole = role === 'patient' ? 'provider' : 'patient';
  const [active, setActive] = useState(true);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const [soundOn, setSoundOn] = useState(0);

  const media = useLocalMedia(active);
  const call = useWebRtc({ socket, visitId, role, media, active });
  // An open call is activity: no idle auto-logout, and the server session stays alive.
  useEffect(() => openCall(socket), [socket]);
  const [joinKey, setJoinKey] = useState(0);
  // Declared after useWebRtc (and after the chat's listeners, a child's effects run first):
  // the join is emitted once every listener of the room is in place.
  const room = useVisitRoom({
    socket,
    visitId,
    active,
    onJoined: (info) => {
      call.joinedRoom(info);
      setJoinKey((n) => n + 1);
    },
  });
  const mic = useTrackSwitch(media, 'audio');
  const camera = useTrackSwitch(media, 'video');

  const joined = active && room.status === 'joined';
  const callState: CallState = !active
    ? 'ended'
    : room.status === 'refused'
      ? 'refused'
      : room.status !== 'joined'
        ? 'connecting'
        : !call.peerPresent
          ? 'waiting'
          : call.connectionState === 'connected'
            ? 'connected'
            : call.connectionState === 'disconnected' || call.connectionState === 'failed'
              ? 'reconnecting'
              : 'negotiating';

  const hangUp = () => {
    call.hangUp();
    setActive(false);
    setSoundBlocked(false);
    onHangUp?.();
  };

  return (
    <Stack
      gap="sm"
      data-testid="visit-call"
      data-connection-state={call.connectionState}
      data-call-state={callState}
      data-media-state={media.problem ?? media.status}
      data-peer-present={call.peerPresent ? 'true' : 'false'}
      data-role={role}
      component="section"
      aria-label={t('call.title')}
    >
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4">
          {t('call.title')}
        </Title>
        <Group gap={6}>
          {callState === 'connecting' || callState === 'negotiating' ? (
            <Loader size="xs" aria-hidden />
          ) : null}
          <Text size="sm" role="status" data-testid="call-status">
            {statusLine(callState, other, t)}
          </Text>
        </Group>
      </Group>

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

      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 7 }}>
          {active ? (
            <Stack gap="xs">
              <Box
                pos="relative"
                style={{ aspectRatio: '4 / 3', borderRadius: 8, overflow: 'hidden' }}
                bg="#111"
              >
                <StreamVideo
                  stream={call.remoteStream}
                  label={t(`call.remoteVideo.${other}`)}
                  testId="remote-video"
                  onSoundBlocked={setSoundBlocked}
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
                    {statusLine(callState, other, t)}
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
                  <Button variant="light" onClick={() => setSoundOn((n) => n + 1)}>
                    {t('call.soundBlocked')}
                  </Button>
                ) : null}
                <Button color="red" onClick={hangUp}>
                  {t('call.hangUp')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Stack gap="xs" align="flex-start">
              <Text>{t('call.status.ended')}</Text>
              <Button variant="light" onClick={() => setActive(true)}>
                {t('call.rejoin')}
              </Button>
            </Stack>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <VisitChat
            socket={socket}
            visitId={visitId}
            self={room.room?.self ?? null}
            joined={joined}
            joinKey={joinKey}
            otherRole={other}
            otherName={props.otherName ?? null}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The chat beside the video: a child, so its listeners are set before the parent joins. */
function VisitChat(props: {
  socket: Socket | null;
  visitId: string;
  self: string | null;
  joined: boolean;
  joinKey: number;
  otherRole: VisitRole;
  otherName: string | null;
}) {
  const chat = useChat(props);
  return (
    <ChatPanel
      items={chat.items}
      otherRole={props.otherRole}
      otherName={props.otherName}
      onSend={chat.send}
      onRetry={chat.retry}
      online={props.joined}
    />
  );
}
