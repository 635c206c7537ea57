import { mayBackOffice } from '@apothecall/domain/backoffice/backoffice.rules';
import {
  type AdminVisitKind,
  adminVisitKinds,
} from '@apothecall/domain/backoffice/stuck-visits.rules';
import { type AdminVisitRow, adminVisitNoteSchema } from '@apothecall/domain/backoffice/visits.api';
import {
  Alert,
  Button,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { dangerButton } from '../../../components/danger-button';
import { Dialog } from '../../../components/dialog';
import { ScrollRegion } from '../../../components/scroll-region';
import { errorText } from '../../../lib/api-client';
import { isMessageKey, useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import { useActOnVisit, useAdminVisits } from '../api/admin-visits';
import { stuckText } from '../components/stuck-text';

type Action = { visit: AdminVisitRow; action: 'cancel' | 'reassign' };

export function ActionDialog({ target, onClose }: { target: Action | null; onClose: () => void }) {
  const t = useT();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const act = useActOnVisit<Action & { note: string }>({
    onSuccess: (_, input) => {
      notifications.show({
        color: 'green',
        message: t(
          input.action === 'cancel'
            ? 'backoffice.visits.ui.cancelled'
            : 'backoffice.visits.ui.reassigned',
          { ref: input.visit.ref },
        ),
      });
      setNote('');
      onClose();
    },
  });
  if (!target) return null;
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t(
        target.action === 'cancel'
          ? 'backoffice.visits.ui.confirmCancel'
          : 'backoffice.visits.ui.confirmReassign',
        { ref: target.visit.ref },
      )}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = adminVisitNoteSchema.safeParse({ note });
          if (!checked.success) {
            const key = checked.error.issues[0]?.message ?? '';
            setError(isMessageKey(key) ? t(key) : t('common.required'));
            return;
          }
          act.mutate({ ...target, note: checked.data.note });
        }}
      >
        <Stack gap="sm">
          <Textarea
            label={t('backoffice.visits.ui.note')}
            description={t(
              target.visit.kind === 'rx'
                ? 'backoffice.visits.ui.noteLeadRx'
                : 'backoffice.visits.ui.noteLead',
            )}
            value={note}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            autosize
            minRows={2}
            data-testid="admin-visit-note"
          />
          {act.isError ? (
            <Alert color="red" role="alert">
              {errorText(t, act.error)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('backoffice.visits.ui.back')}
            </Button>
            <Button
              type="submit"
              {...(target.action === 'cancel' ? dangerButton : { color: 'blue' })}
              loading={act.isPending}
              data-testid="admin-visit-confirm"
            >
              {t(
                target.action === 'cancel'
                  ? 'backoffice.visits.ui.cancel'
                  : 'backoffice.visits.ui.reassign',
              )}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

/** The visits, stuck first with the reason; Cancel and Reassign for who may change the area. */
export function AdminVisitsTable({
  visits,
  mayWrite,
  onAct,
}: {
  visits: readonly AdminVisitRow[];
  mayWrite: boolean;
  onAct: (visit: AdminVisitRow, action: 'cancel' | 'reassign') => void;
}) {
  const t = useT();
  return (
    <ScrollRegion label={t('backoffice.area.visits')} minWidth={900}>
      <Table striped data-testid="admin-visits-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('backoffice.visits.ui.col.ref')}</Table.Th>
            <Table.Th>{t('backoffice.visits.ui.col.kind')}</Table.Th>
            <Table.Th>{t('backoffice.visits.ui.col.status')}</Table.Th>
            <Table.Th>{t('backoffice.visits.ui.col.patient')}</Table.Th>
            <Table.Th>{t('backoffice.visits.ui.col.state')}</Table.Th>
            <Table.Th>{t('backoffice.visits.ui.col.who')}</Table.Th>
            <Table.Th>{t('backoffice.visits.ui.col.age')}</Table.Th>
            <Table.Th>{t('backoffice.visits.ui.col.stuck')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visits.map((v) => (
            <Table.Tr key={v.id} data-testid="admin-visit-row" data-stuck={v.stuck ?? ''}>
              <Table.Td>{v.ref}</Table.Td>
              <Table.Td>{t(`backoffice.visits.kind.${v.kind}`)}</Table.Td>
              <Table.Td>{v.status}</Table.Td>
              <Table.Td>{v.patientName}</Table.Td>
              <Table.Td>{v.state}</Table.Td>
              <Table.Td>{v.provider ?? v.pharmacy ?? ''}</Table.Td>
              <Table.Td>{t('backoffice.visits.ui.minutes', { minutes: v.ageMinutes })}</Table.Td>
              <Table.Td>
                <Text size="sm" c={v.stuck ? 'red.8' : undefined}>
                  {v.stuck ? stuckText(t, v.stuck) : null}
                </Text>
              </Table.Td>
              <Table.Td>
                {mayWrite && (v.cancellable || !v.final) ? (
                  <Group gap="xs" wrap="nowrap">
                    {v.status === (v.kind === 'rx' ? 'started' : 'inProgress') ? (
                      <Button size="xs" variant="light" onClick={() => onAct(v, 'reassign')}>
                        {t('backoffice.visits.ui.reassign')}
                      </Button>
                    ) : null}
                    {v.cancellable ? (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        c="red.9"
                        onClick={() => onAct(v, 'cancel')}
                      >
                        {t('backoffice.visits.ui.cancel')}
                      </Button>
                    ) : null}
                  </Group>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/**
 * /admin/visits (the back office's visits area): every visit by kind and status, stuck
 * ones first with the reason, and per row Cancel (refunded in full) and Reassign (back to the
 * line) with a note the patient reads, each confirmed. Cancel acts on the visits the server marks
 * cancellable (video visits not over; Rx visits no pharmacy claimed or works on); Reassign on a
 * claimed video visit or a started Rx review.
 */
export function AdminVisitsScreen() {
  const t = useT();
  const session = useSession();
  const mayWrite = mayBackOffice(session?.profile.role, 'visits', 'write');
  const [kind, setKind] = useState<AdminVisitKind | null>(null);
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<Action | null>(null);
  const filter = {
    ...(kind ? { kind } : {}),
    ...(status.trim() ? { status: status.trim() } : {}),
    page,
  };
  const visits = useAdminVisits(filter, { refetchInterval: 30_000 });
  return (
    <Stack p="md" maw={1200} mx="auto" w="100%" data-screen="admin-visits">
      <Title order={1} size="h2">
        {t('backoffice.area.visits')}
      </Title>
      <Text c="dimmed">{t('backoffice.area.visits.lead')}</Text>
      <Group align="flex-end">
        <Select
          label={t('backoffice.visits.ui.kind')}
          clearable
          placeholder={t('backoffice.visits.ui.allKinds')}
          value={kind}
          onChange={(value) => {
            setKind(adminVisitKinds.find((k) => k === value) ?? null);
            setPage(1);
          }}
          data={adminVisitKinds.map((k) => ({ value: k, label: t(`backoffice.visits.kind.${k}`) }))}
          data-testid="admin-visits-kind"
        />
        <TextInput
          label={t('backoffice.visits.ui.status')}
          placeholder="waiting"
          value={status}
          onChange={(event) => {
            setStatus(event.currentTarget.value);
            setPage(1);
          }}
          data-testid="admin-visits-status"
        />
      </Group>
      {visits.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : visits.isError ? (
        <Alert color="red" role="alert" data-testid="admin-visits-error">
          {errorText(t, visits.error)}
        </Alert>
      ) : visits.data.visits.length === 0 ? (
        <Text c="dimmed" data-testid="admin-visits-empty">
          {t('backoffice.visits.ui.empty')}
        </Text>
      ) : (
        <AdminVisitsTable
          visits={visits.data.visits}
          mayWrite={mayWrite}
          onAct={(visit, action) => setTarget({ visit, action })}
        />
      )}
      <Group>
        <Button variant="default" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          {t('backoffice.visits.ui.previous')}
        </Button>
        <Button
          variant="default"
          disabled={!visits.data?.more}
          onClick={() => setPage((p) => p + 1)}
        >
          {t('backoffice.visits.ui.next')}
        </Button>
      </Group>
      <ActionDialog target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
