import { Alert, Loader } from '@mantine/core';
import { useT } from '../../../lib/i18n';
import { useRxMessages, useRxMessagesSent } from '../api/get-rx-messages';
import { sendRxMessage } from '../api/send-rx-message';
import { errorText } from './rx-format';
import { RxMessageThread } from './rx-message-thread';

/** The patient's side of a visit's messages with the prescriber. */
export function RxVisitMessages({ visitId }: { visitId: string }) {
  const t = useT();
  const messages = useRxMessages(visitId);
  const sent = useRxMessagesSent(visitId);
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
      onSent={sent}
    />
  );
}
