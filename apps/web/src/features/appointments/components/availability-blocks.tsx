import type { AvailabilityBlockView } from '@apothecall/domain/appointments/appointments.api';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListCard } from '../../../components/list-card';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { useAvailability } from '../api/get-availability';
import { useRemoveAvailability } from '../api/remove-availability';
import { blockSpan, blockSummary, bookedText } from './appointment-format';
import { LoadProblem } from './load-problem';

/** The provider's published blocks, each in words with its booked count, and Remove. */
export function AvailabilityBlocks() {
  const t = useT();
  const lang = useLang();
  const blocks = useAvailability();
  const [toRemove, setToRemove] = useState<AvailabilityBlockView | null>(null);

  const remove = useRemoveAvailability({
    onSuccess: () => {
      setToRemove(null);
      notifications.show({ color: 'green', message: t('appointmentUi.remove.done') });
    },
    // 409 AVAILABILITY_HAS_BOOKINGS: the dialog shows the server's message.
  });

  return (
    <SectionCard title={t('appointmentUi.blocks.title')} testId="availability-blocks">
      {blocks.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : blocks.isError ? (
        <LoadProblem error={blocks.error} retry={() => void blocks.refetch()} />
      ) : blocks.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="availability-empty">
          {t('appointmentUi.blocks.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {blocks.data.map((block) => (
            <BlockRow
              key={block.id}
              block={block}
              onRemove={() => {
                remove.reset();
                setToRemove(block);
              }}
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={toRemove !== null}
        title={t('appointmentUi.remove.title')}
        body={
          toRemove
            ? t('appointmentUi.remove.body', { summary: blockSummary(t, toRemove, lang) })
            : ''
        }
        confirmLabel={t('appointmentUi.block.remove')}
        cancelLabel={t('appointmentUi.cancel')}
        pending={remove.isPending}
        error={remove.isError ? errorText(t, remove.error) : null}
        onConfirm={() => {
          if (toRemove) remove.mutate(toRemove.id);
        }}
        onClose={() => setToRemove(null)}
        testId="availability-remove-dialog"
      />
    </SectionCard>
  );
}

function BlockRow({ block, onRemove }: { block: AvailabilityBlockView; onRemove: () => void }) {
  const t = useT();
  const lang = useLang();
  const titleId = useId();
  const summary = blockSummary(t, block, lang);
  const span = blockSpan(t, block, lang);
  return (
    <ListCard labelledBy={titleId} data-testid="availability-block" data-id={block.id}>
      <Text fw={600} id={titleId} style={{ overflowWrap: 'anywhere' }}>
        {summary}
      </Text>
      {span ? (
        <Text size="sm" c="dimmed">
          {span}
        </Text>
      ) : null}
      <Group justify="space-between" gap="xs">
        <Text size="sm" data-testid="availability-booked">
          {bookedText(t, block.booked)}
        </Text>
        <Button
          variant="outline"
          color="red"
          size="xs"
          onClick={onRemove}
          aria-label={t('appointmentUi.actionLabel', {
            action: t('appointmentUi.block.remove'),
            name: summary,
          })}
          data-testid="availability-remove"
        >
          {t('appointmentUi.block.remove')}
        </Button>
      </Group>
    </ListCard>
  );
}
