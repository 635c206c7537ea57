import {
  type MeetParamResponse,
  meetParamResponseSchema,
} from '@apothecall/domain/care/visits.api';
import { link } from '@apothecall/domain/navigation/links';
import { realtimeUnauthorized } from '@apothecall/domain/realtime/realtime.events';
import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Socket } from 'socket.io-client';
import { useT } from '../../../lib/i18n';
import { createMeetSocket } from '../../../lib/realtime';
import { appStoragePrefix } from '../../../lib/session-store';
import { getMeetParam } from '../api/get-meet-param';
import { errorText } from '../components/get-care-format';
import { VisitCall } from '../components/visit-call';

/** VisitCall's side of the call (a prop, not an ARIA role). */
const callSide = 'patient' as const;
/**
 * The one-time id works once: the exchange is shared by id, so a second mount (React's strict
 * mode, a re-render) does not spend a used id. The answer is kept for this tab so a reload
 * during the call rejoins it (the id is gone from the URL by then).
 */
const exchanges = new Map<string, Promise<MeetParamResponse>>();
function exchange(id: string): Promise<MeetParamResponse> {
  let pending = exchanges.get(id);
  if (!pending) {
    pending = getMeetParam(id);
    exchanges.set(id, pending);
  }
  return pending;
}

const storageKey = `${appStoragePrefix}care.meet`;

function readMeet(): MeetParamResponse | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(storageKey);
    const parsed = meetParamResponseSchema.safeParse(raw ? JSON.parse(raw) : null);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeMeet(meet: MeetParamResponse | null): void {
  try {
    if (meet) globalThis.sessionStorage?.setItem(storageKey, JSON.stringify(meet));
    else globalThis.sessionStorage?.removeItem(storageKey);
  } catch {
    // Storage unavailable: a reload then needs a new link.
  }
}

type MeetState =
  | { kind: 'exchanging' }
  | { kind: 'ready'; meet: MeetParamResponse }
  | { kind: 'failed'; message: string | null };

/**
 * Meet (/meet?id=…, public): the video-visit link texted to the patient. The one-time id is
 * exchanged for a meet token (GET /meet-param), then removed from the address bar so it is
 * not left in the history; the call runs on a socket opened with that token.
 */
export function MeetScreen() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() || null;
  const [state, setState] = useState<MeetState>(() => {
    if (id) return { kind: 'exchanging' };
    const saved = readMeet();
    return saved ? { kind: 'ready', meet: saved } : { kind: 'failed', message: null };
  });
  const [socket, setSocket] = useState<Socket | null>(null);

  useEffect(() => {
    if (!id) return;
    let live = true;
    setState({ kind: 'exchanging' });
    exchange(id)
      .then(
        (meet) => {
          writeMeet(meet);
          if (live) setState({ kind: 'ready', meet });
        },
        (error: unknown) => {
          if (live) setState({ kind: 'failed', message: errorText(t, error) });
        },
      )
      .finally(() => {
        if (live) navigate({ pathname: '/meet', search: '' }, { replace: true });
      });
    return () => {
      live = false;
    };
  }, [id, navigate, t]);

  const meetToken = state.kind === 'ready' ? state.meet.meetToken : null;
  useEffect(() => {
    if (!meetToken) return;
    const s = createMeetSocket(meetToken);
    s.on('connect_error', (error: Error) => {
      if (error.message !== realtimeUnauthorized) return;
      // The meet token expired or the visit ended: the link cannot be used again.
      writeMeet(null);
      setState({ kind: 'failed', message: null });
    });
    setSocket(s);
    return () => {
      s.disconnect();
      setSocket(null);
    };
  }, [meetToken]);

  return (
    <Stack p="md" maw={960} mx="auto" w="100%" data-screen="meet">
      <Title order={1} size="h2">
        {t('careUi.meet.title')}
      </Title>
      {state.kind === 'exchanging' ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>{t('careUi.meet.opening')}</Text>
        </Group>
      ) : state.kind === 'failed' ? (
        <Stack gap="sm">
          <Alert color="red" role="alert" data-testid="meet-invalid">
            {state.message ?? t('care.meet.invalid')}
          </Alert>
          <Text size="sm">{t('careUi.meet.invalidHint')}</Text>
          <Button component={Link} to={link('/')} variant="light" w="fit-content">
            {t('careUi.meet.home')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text>{t('careUi.meet.greeting', { name: state.meet.firstName })}</Text>
          <VisitCall
            key={state.meet.visitId}
            visitId={state.meet.visitId}
            socket={socket}
            role={callSide}
          />
        </Stack>
      )}
    </Stack>
  );
}
