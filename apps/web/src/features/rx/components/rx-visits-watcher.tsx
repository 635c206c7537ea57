import { realtimeEvents } from '@apothecall/domain/realtime/realtime.events';
import { applyReceivedStatus, reactToReceivedStatus } from '@apothecall/domain/rx/rx-status.rules';
import { rxVisitUpdateSchema } from '@apothecall/domain/rx/rx-visits.api';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useLang, useT } from '../../../lib/i18n';
import { useSocket, useSocketEvent } from '../../../lib/realtime';
import { raiseNewUnclaimed, setRxGuardVisits } from '../../../lib/rx-visits-store';
import { useRefreshRxMessages } from '../api/get-rx-messages';
import { useRefreshRxVisits, useRxVisits, useRxVisitsCache } from '../api/get-rx-visits';
import {
  carriesPharmacyStatus,
  isStaleUpdate,
  receivedStatusToast,
  withReceivedUpdate,
} from './rx-visit-updates';

/**
 * Mounted by the shell while a patient is signed in: keeps the route guard's view of the Rx
 * visits current (GET /rx/visits; guard step 6, whose awaitsUploads lets an unpaid visit's
 * flow reach its payment first) and applies `updateRxVisit` pushes at once —
 * the list changes without a reload (the pharmacy's status too: 'Ready for pickup'),
 * 'Your {name} visit of {date}: {status}' is shown once per change (not again for each upload's
 * push of the same status), an unclaimed visit
 * raises the new-unclaimed count, a cancelled one leaves the list — then asks the server again
 * for the rest of the visit (its uploads pending, its request text).
 */
export function RxVisitsWatcher() {
  const t = useT();
  const lang = useLang();
  const socket = useSocket();
  const visits = useRxVisits();
  const cache = useRxVisitsCache();
  const refreshMessages = useRefreshRxMessages();

  useEffect(() => {
    if (visits.data) {
      setRxGuardVisits(
        visits.data.visits.map((v) => ({
          idPending: v.idPending,
          attachmentsPending: v.attachmentsPending,
          status: v.status,
        })),
      );
    }
  }, [visits.data]);

  const refresh = useRefreshRxVisits();
  useSocketEvent(socket, 'connect', refresh);
  // A message on one of the visits: its thread is read again (no status toast for a message).
  useSocketEvent(socket, realtimeEvents.rxMessage, (payload: unknown) => {
    const visitId = (payload as { visitId?: unknown } | null)?.visitId;
    if (typeof visitId === 'string') {
      refreshMessages(visitId);
    }
  });
  useSocketEvent(socket, realtimeEvents.updateRxVisit, (payload: unknown) => {
    const update = rxVisitUpdateSchema.safeParse(payload);
    if (!update.success) return;
    const pharmacyToo = carriesPharmacyStatus(payload);
    const action = reactToReceivedStatus(update.data);
    const previous = cache.read()?.visits.find((v) => v.id === update.data.id);
    if (isStaleUpdate(previous, update.data)) return;
    const message = receivedStatusToast(t, lang, previous, update.data, pharmacyToo);
    cache.update((old) => {
      if (!old) return old;
      const next = applyReceivedStatus({ visits: old.visits, newUnclaimedCount: 0 }, update.data);
      return {
        ...old,
        visits: next.visits.map((v) => withReceivedUpdate(v, update.data, pharmacyToo)),
      };
    });
    if (action.kind === 'newUnclaimed') raiseNewUnclaimed();
    if (message && (action.kind === 'newUnclaimed' || action.kind === 'toast')) {
      notifications.show({ color: 'blue', message });
    }
    refresh();
  });
  return null;
}
