import type { VisitRole } from '@apothecall/domain/realtime/realtime.events';
import { Button, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { useT } from '../../../lib/i18n';
import { openCall } from '../../../lib/visit-presence';
import { useChat } from '../hooks/use-chat';
import { useLocalMedia } from '../hooks/use-local-media';
import { useVisitRoom } from '../hooks/use-visit-room';
import { useWebRtc } from '../hooks/use-webrtc';
import { ChatPanel } from './chat-panel';
import {
  CallControls,
  CallNotices,
  type CallState,
  CallVideos,
  statusLine,
  useTrackSwitch,
} from './visit-call-parts';

export type { CallState } from './visit-call-parts';

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
  const sound = useCallSound();

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

  const callState = callStateOf(active, room.status, call);

  const hangUp = () => {
    call.hangUp();
    setActive(false);
    sound.setBlocked(false);
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
      <CallHeader callState={callState} other={other} />

      <CallNotices room={room} call={call} media={media} active={active} other={other} />

      <Grid gap="sm">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <CallStage
            active={active}
            call={call}
            media={media}
            label={statusLine(callState, other, t)}
            other={other}
            sound={sound}
            mic={mic}
            camera={camera}
            onHangUp={hangUp}
            onRejoin={() => setActive(true)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <VisitChat
            socket={socket}
            visitId={visitId}
            self={room.room?.self ?? null}
            joined={active && room.status === 'joined'}
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

/** What the call is doing, from this side's state, the room's and the peer connection's. */
function callStateOf(
  active: boolean,
  roomStatus: ReturnType<typeof useVisitRoom>['status'],
  call: ReturnType<typeof useWebRtc>,
): CallState {
  return !active
    ? 'ended'
    : roomStatus === 'refused'
      ? 'refused'
      : roomStatus !== 'joined'
        ? 'connecting'
        : !call.peerPresent
          ? 'waiting'
          : call.connectionState === 'connected'
            ? 'connected'
            : call.connectionState === 'disconnected' || call.connectionState === 'failed'
              ? 'reconnecting'
              : 'negotiating';
}

/** The call's title and its status line (a loader while it connects or negotiates). */
function CallHeader({ callState, other }: { callState: CallState; other: VisitRole }) {
  const t = useT();
  return (
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
  );
}

/** The videos and controls while the call is on; once hung up, 'ended' and Rejoin. */
function CallStage({
  active,
  call,
  media,
  label,
  other,
  sound,
  mic,
  camera,
  onHangUp,
  onRejoin,
}: {
  active: boolean;
  call: ReturnType<typeof useWebRtc>;
  media: ReturnType<typeof useLocalMedia>;
  label: string;
  other: VisitRole;
  sound: ReturnType<typeof useCallSound>;
  mic: ReturnType<typeof useTrackSwitch>;
  camera: ReturnType<typeof useTrackSwitch>;
  onHangUp: () => void;
  onRejoin: () => void;
}) {
  const t = useT();
  return active ? (
    <Stack gap="xs">
      <CallVideos
        call={call}
        media={media}
        label={label}
        other={other}
        soundOn={sound.on}
        onSoundBlocked={sound.setBlocked}
      />
      <CallControls
        mic={mic}
        camera={camera}
        soundBlocked={sound.blocked}
        onSoundOn={sound.turnOn}
        onHangUp={onHangUp}
      />
    </Stack>
  ) : (
    <Stack gap="xs" align="flex-start">
      <Text>{t('call.status.ended')}</Text>
      <Button variant="light" onClick={onRejoin}>
        {t('call.rejoin')}
      </Button>
    </Stack>
  );
}

/**
 * The other side's sound: blocked by the browser until a click (then played muted), and how
 * many times 'Turn on sound' was pressed (each press unmutes and plays).
 */
function useCallSound() {
  const [blocked, setBlocked] = useState(false);
  const [on, setOn] = useState(0);
  return { blocked, setBlocked, on, turnOn: () => setOn((n) => n + 1) };
}
