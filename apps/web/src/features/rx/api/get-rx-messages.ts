import { type RxMessage, rxMessagesResponseSchema } from '@apothecall/domain/rx/rx-visits.api';
import { useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { useCallQuery } from '../../../lib/call-hooks';
import { rxVisitsQueryKey } from './get-rx-visits';

export const rxMessagesQueryKey = (visitId: string) => ['rx', 'messages', visitId] as const;

/** GET /rx/visits/:id/messages: the visit's messages with the prescriber, oldest first. */
export async function getRxMessages(visitId: string): Promise<RxMessage[]> {
  const { messages } = await apiCall(`/rx/visits/${encodeURIComponent(visitId)}/messages`, {
    schema: rxMessagesResponseSchema,
  });
  return messages;
}

/** A visit's messages with the prescriber. */
export function useRxMessages(visitId: string) {
  return useCallQuery(rxMessagesQueryKey(visitId), () => getRxMessages(visitId));
}

/** Marks one visit's thread stale (a message pushed on it). */
export function useRefreshRxMessages() {
  const queryClient = useQueryClient();
  return (visitId: string) =>
    void queryClient.invalidateQueries({ queryKey: rxMessagesQueryKey(visitId) });
}

/**
 * A message sent: the thread it answers is shown at once, and the account's visits are asked
 * again (an answer may return the visit to its review).
 */
export function useRxMessagesSent(visitId: string) {
  const queryClient = useQueryClient();
  return (list: RxMessage[]) => {
    queryClient.setQueryData(rxMessagesQueryKey(visitId), list);
    void queryClient.invalidateQueries({ queryKey: rxVisitsQueryKey });
  };
}
