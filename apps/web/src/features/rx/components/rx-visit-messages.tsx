import { Alert, Loader } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n';
import { getRxMessages, rxMessagesQueryKey } from '../api/get-rx-messages';
import { sendRxMessage } from '../api/send-rx-message';
import { errorText } from './rx-format';
import { RxMessageThread } from './rx-message-thread';

/** The patient's side of a visit's messages with the prescriber. */
export function RxVisitMessages({ visitId }: { visitId: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const key = rxMessagesQueryKey(visitId);
  const messages = useQuery({ queryKey: key, queryFn: () => getRxMessages(visitId) });
  if (messages.isPending) return <Loader role="status" size="sm" aria-label={t('shell.loading')} />;
  if (messages.isError) {
    return (
      <Alert color="red" role="alert">
        {errorText(t, messages.error)}
      </Alert>
    );
  }
  return (
    <RxMessageThread
      messages={messages.data}
      self="patient"
      placeholder={t('rxUi.visits.messagePlaceholder')}
      send={(text) => sendRxMessage(visitId, text)}
      onSent={(list) => {
        queryClient.setQueryData(key, list);
        // An answer may return the visit to its review: its status is read again.
        void queryClient.invalidateQueries({ queryKey: ['rx', 'visits'] });
      }}
    />
  );
}
