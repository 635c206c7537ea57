import type { PharmacyMe, PharmacyRxDetail } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import {
  type PharmacyStatus,
  pharmacyStatusColour,
  statusChangedColour,
  statusChangedLabelKey,
} from '@apothecall/domain/pharmacy/pharmacy-status.rules';
import { formatPhone } from '@apothecall/domain/validation/contact.rules';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { dangerButton } from '../../../components/danger-button';
import { Facts } from '../../../components/facts';
import { ApiError, errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents, formatDateTime } from '../../../lib/payments/payment-format';
import { saveBlob } from '../../../lib/save-blob';
import { claimPharmacyRx } from '../api/claim-pharmacy-rx';
import { downloadPharmacyRxPrescription } from '../api/download-pharmacy-rx-prescription';
import { pharmacyMeQueryKey } from '../api/get-pharmacy-me';
import { getPharmacyRx, pharmacyRxDetailQueryKey } from '../api/get-pharmacy-rx';
import { pharmacyRxQueryKey } from '../api/search-pharmacy-rx';
import { setPharmacyRxStatus } from '../api/set-pharmacy-rx-status';
import { ClaimDialog } from './claim-dialog';
import { shortVisitId } from './pharmacy-dashboard';
import { formatDay, pharmacyStatusLabel, stateName, treatmentName } from './pharmacy-format';
import { PharmacyRxAssessmentSection } from './pharmacy-rx-assessment-section';
import { PharmacyRxCodeSection } from './pharmacy-rx-code-section';
import { PharmacyRxFormsSection } from './pharmacy-rx-forms-section';
import { PharmacySection } from './pharmacy-section';
import { StatusChip } from './pharmacy-status-chip';
import { checkStatusNote, type StatusAction, statusActionsOf } from './pharmacy-status-form';

/** The visit's status, its e-prescription result and the 'status changed' marker, as chips. */
export function PharmacyRxChips({
  visit,
}: {
  visit: Pick<PharmacyRxDetail, 'pharmacyStatus' | 'erxStatus' | 'statusChanged' | 'assessmentId'>;
}) {
  const t = useT();
  return (
    <Group gap={6} wrap="wrap">
      <StatusChip
        testId="pharmacy-rx-status"
        status={visit.pharmacyStatus}
        label={pharmacyStatusLabel(t, visit.pharmacyStatus)}
        colour={pharmacyStatusColour(visit.pharmacyStatus)}
      />
      {visit.erxStatus ? (
        <StatusChip
          testId="pharmacy-rx-erx"
          status={visit.erxStatus}
          prefix={t('pharmacyScreens.row.erx')}
          label={pharmacyStatusLabel(t, visit.erxStatus)}
          colour={pharmacyStatusColour(visit.erxStatus)}
        />
      ) : null}
      {visit.statusChanged ? (
        <StatusChip
          testId="pharmacy-rx-status-changed"
          label={t(statusChangedLabelKey)}
          colour={statusChangedColour}
        />
      ) : null}
      {visit.assessmentId ? (
        <StatusChip
          testId="pharmacy-rx-instore"
          label={t('assessmentUi.visitTitle')}
          colour={{ token: 'blue', hex: '#1e88e5' }}
        />
      ) : null}
    </Group>
  );
}

/** The chosen status's form (a destructive one's save in red, not filled: issue 36): its meaning, the note box with its prompt, save or cancel. */
export function StatusChangeForm({
  action,
  pending,
  problem,
  onSave,
  onCancel,
}: {
  action: StatusAction;
  pending: boolean;
  problem: string | null;
  onSave: (note: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const label = t(action.label);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <Card
      withBorder
      radius="md"
      p="sm"
      component="form"
      noValidate
      data-testid="pharmacy-status-form"
      data-status={action.status}
      onSubmit={(event) => {
        event.preventDefault();
        const checked = checkStatusNote(action.status, note);
        if (!checked.ok) {
          setNoteError(t(checked.messageKey));
          return;
        }
        onSave(checked.note);
      }}
    >
      <Stack gap="sm">
        <Title order={4} size="h5" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {t('pharmacyScreens.status.formTitle', { status: label })}
        </Title>
        <Text size="sm">{t(action.hint)}</Text>
        {action.note === 'none' ? null : (
          <Textarea
            label={action.prompt ? t(action.prompt) : t('pharmacyScreens.status.note')}
            value={note}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setNoteError(null);
            }}
            error={noteError}
            withAsterisk={action.note === 'required'}
            required={action.note === 'required'}
            autosize
            minRows={3}
            maxLength={2000}
            data-testid="pharmacy-status-note"
          />
        )}
        {problem ? (
          <Alert color="red" role="alert" data-testid="pharmacy-status-error">
            {problem}
          </Alert>
        ) : null}
        <Group gap="xs">
          <Button
            type="submit"
            loading={pending}
            data-testid="pharmacy-status-save"
            {...(action.destructive ? dangerButton : {})}
          >
            {t('pharmacyScreens.status.save', { status: label })}
          </Button>
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('pharmacyScreens.status.cancel')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * One visit as the pharmacy works it (/prescriptions?visit=<id>): the patient, the
 * prescriptions, the link's medication list and comment, the status history; one button per
 * status that may come next (the domain's per-status configuration), Submit Payment while it
 * can be claimed (the fee confirmed first) and the prescription PDF once claimed.
 */
export function PharmacyRxDetailView({
  visitId,
  me,
  onBack,
}: {
  visitId: string;
  me: PharmacyMe;
  onBack: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const queryClient = useQueryClient();
  const key = pharmacyRxDetailQueryKey(visitId);
  const detail = useQuery({ queryKey: key, queryFn: () => getPharmacyRx(visitId) });
  const heading = useRef<HTMLHeadingElement>(null);
  const pdfButton = useRef<HTMLButtonElement>(null);
  const [chosen, setChosen] = useState<PharmacyStatus | null>(null);
  const [statusProblem, setStatusProblem] = useState<string | null>(null);
  const [claimOpen, setClaimOpen] = useState(false);
  const [claimProblem, setClaimProblem] = useState<string | null>(null);
  const [justClaimed, setJustClaimed] = useState(false);
  const actionsId = useId();

  const loaded = detail.data !== undefined;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  useEffect(() => {
    if (justClaimed && detail.data?.pdfAvailable) pdfButton.current?.focus();
  }, [justClaimed, detail.data?.pdfAvailable]);

  const updated = (visit: PharmacyRxDetail) => {
    queryClient.setQueryData(key, visit);
    void queryClient.invalidateQueries({ queryKey: pharmacyRxQueryKey });
  };
  const stale = (error: unknown) => {
    if (error instanceof ApiError && error.status === 409) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };

  const change = useMutation({
    mutationFn: (input: { status: PharmacyStatus; note: string; version: number }) =>
      setPharmacyRxStatus(visitId, input),
    onMutate: () => setStatusProblem(null),
    onSuccess: (visit, input) => {
      updated(visit);
      setChosen(null);
      notifications.show({
        color: 'green',
        message: t('pharmacyScreens.status.changed', {
          status: pharmacyStatusLabel(t, input.status),
        }),
      });
      heading.current?.focus();
    },
    onError: (error) => {
      setStatusProblem(errorText(t, error));
      stale(error);
    },
  });
  const claim = useMutation({
    mutationFn: (version: number) => claimPharmacyRx(visitId, version),
    onMutate: () => setClaimProblem(null),
    onSuccess: (visit) => {
      updated(visit);
      void queryClient.invalidateQueries({ queryKey: pharmacyMeQueryKey });
      setClaimOpen(false);
      setJustClaimed(true);
      notifications.show({ color: 'green', message: t('pharmacyScreens.claim.done') });
    },
    onError: (error) => {
      setClaimProblem(errorText(t, error));
      stale(error);
    },
  });
  const pdf = useMutation({
    mutationFn: () => downloadPharmacyRxPrescription(visitId, t('errors.network')),
    onSuccess: (blob) => saveBlob(blob, `prescription-${shortVisitId(visitId)}.pdf`),
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: t('pharmacyScreens.pdf.failed', { message: errorText(t, error) }),
      }),
  });

  const back = (
    <Anchor component="button" type="button" size="sm" onClick={onBack} w="fit-content">
      {t('pharmacyScreens.detail.back')}
    </Anchor>
  );

  if (detail.isPending) {
    return (
      <Stack gap="sm">
        {back}
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      </Stack>
    );
  }
  if (detail.isError) {
    return (
      <Stack gap="sm">
        {back}
        <Alert color="red" role="alert" data-testid="pharmacy-rx-detail-error">
          {t('pharmacyScreens.detail.loadFailed', { message: errorText(t, detail.error) })}
        </Alert>
      </Stack>
    );
  }

  const visit = detail.data;
  const actions = statusActionsOf(visit.nextStatuses);
  const chosenAction = actions.find((a) => a.status === chosen) ?? null;
  const busy = change.isPending || claim.isPending;
  const product = treatmentName(t, visit.productId);

  return (
    <Stack
      gap="md"
      data-testid="pharmacy-rx-detail"
      data-visit-id={visit.id}
      data-status={visit.pharmacyStatus}
    >
      {back}
      <Stack gap={6}>
        <Title order={2} size="h3" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {t('pharmacyScreens.detail.title', { id: shortVisitId(visit.id), product })}
        </Title>
        <PharmacyRxChips visit={visit} />
        <Text size="sm" c="dimmed">
          {stateName(t, visit.state)} ·{' '}
          {t('pharmacyScreens.row.prescribed', { date: formatDay(visit.prescribedAt, lang) })}
        </Text>
      </Stack>

      <PharmacySection title={t('pharmacyScreens.detail.actions')} testId="pharmacy-rx-actions">
        {visit.claimable || visit.pdfAvailable || visit.feePaid !== null ? (
          <Group gap="xs">
            {visit.claimable ? (
              <Button
                onClick={() => {
                  setClaimProblem(null);
                  setClaimOpen(true);
                }}
                disabled={busy}
                data-testid="pharmacy-submit-payment"
              >
                {t('rxStatus.pharmacy.submitPayment')}
              </Button>
            ) : null}
            {visit.pdfAvailable ? (
              <Button
                ref={pdfButton}
                variant="light"
                loading={pdf.isPending}
                onClick={() => pdf.mutate()}
                data-testid="pharmacy-download-pdf"
              >
                {t('pharmacyScreens.pdf.download')}
              </Button>
            ) : null}
            {visit.feePaid !== null ? (
              <Text size="sm" data-testid="pharmacy-fee-paid">
                {t('pharmacyScreens.claim.feePaid', { fee: formatCents(visit.feePaid, lang) })}
              </Text>
            ) : null}
          </Group>
        ) : null}
        {visit.claimable ? (
          <Text size="sm" c="dimmed">
            {t('rxStatus.pharmacy.hint.claimed')}
          </Text>
        ) : null}
        {actions.length > 0 ? (
          <Stack gap={6}>
            <Text size="sm" fw={600} id={actionsId}>
              {t('pharmacyScreens.status.choose')}
            </Text>
            <Stack
              component="ul"
              gap={6}
              aria-labelledby={actionsId}
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {actions.map((action) => (
                <StatusButton
                  key={action.status}
                  action={action}
                  pressed={chosen === action.status}
                  disabled={busy}
                  onChoose={() => {
                    setStatusProblem(null);
                    setChosen(action.status);
                  }}
                />
              ))}
            </Stack>
          </Stack>
        ) : visit.claimable ? null : (
          <Text size="sm" c="dimmed" data-testid="pharmacy-no-status-change">
            {t('pharmacyScreens.status.none')}
          </Text>
        )}
        {chosenAction ? (
          <StatusChangeForm
            key={chosenAction.status}
            action={chosenAction}
            pending={change.isPending}
            problem={statusProblem}
            onSave={(note) =>
              change.mutate({ status: chosenAction.status, note, version: visit.version })
            }
            onCancel={() => {
              setChosen(null);
              setStatusProblem(null);
            }}
          />
        ) : null}
      </PharmacySection>

      {/* The pharmacy's own records on the visit (issue 20): its code, and forms to sign. */}
      <PharmacyRxCodeSection visitId={visit.id} claimed={visit.pdfAvailable} />
      <PharmacyRxFormsSection visitId={visit.id} claimed={visit.pdfAvailable} />

      <PharmacySection title={t('pharmacyScreens.detail.patient')} testId="pharmacy-rx-patient">
        <Facts
          labelWidth={180}
          rows={[
            { key: 'name', label: t('pharmacyScreens.patient.name'), value: visit.patient.name },
            {
              key: 'dob',
              label: t('pharmacyScreens.patient.dob'),
              value: formatDay(visit.patient.dob, lang),
            },
            {
              key: 'gender',
              label: t('pharmacyScreens.patient.gender'),
              value: visit.patient.gender || '—',
            },
            {
              key: 'phone',
              label: t('pharmacyScreens.patient.phone'),
              value: visit.patient.phone ? formatPhone(visit.patient.phone) : '—',
            },
          ]}
        />
      </PharmacySection>

      <PharmacySection
        title={t('pharmacyScreens.detail.prescriptions')}
        testId="pharmacy-rx-prescriptions"
      >
        {visit.prescriptions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('pharmacyScreens.detail.noPrescriptions')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {visit.prescriptions.map((p) => (
              <Card key={p.id} component="li" withBorder radius="sm" p="sm">
                <Facts
                  labelWidth={180}
                  rows={[
                    { key: 'm', label: t('pharmacyScreens.rx.medication'), value: p.medication },
                    { key: 's', label: t('pharmacyScreens.rx.strength'), value: p.strength },
                    { key: 'q', label: t('pharmacyScreens.rx.quantity'), value: p.quantity },
                    { key: 'r', label: t('pharmacyScreens.rx.refills'), value: p.refills },
                    { key: 'd', label: t('pharmacyScreens.rx.directions'), value: p.directions },
                    {
                      key: 'w',
                      label: t('pharmacyScreens.rx.written'),
                      value: formatDateTime(p.writtenAt, lang),
                    },
                  ]}
                />
              </Card>
            ))}
          </Stack>
        )}
      </PharmacySection>

      {visit.link ? (
        <PharmacySection title={t('pharmacyScreens.detail.link')} testId="pharmacy-rx-link">
          <Facts
            labelWidth={180}
            rows={[
              {
                key: 'medList',
                label: t('pharmacyScreens.links.medList'),
                value: visit.link.medListId || '—',
              },
              {
                key: 'comment',
                label: t('pharmacyScreens.links.comment'),
                value: visit.link.comment || '—',
              },
            ]}
          />
        </PharmacySection>
      ) : null}

      {visit.assessment ? <PharmacyRxAssessmentSection assessment={visit.assessment} /> : null}

      <PharmacySection title={t('pharmacyScreens.detail.history')} testId="pharmacy-rx-history">
        {visit.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('pharmacyScreens.detail.noHistory')}
          </Text>
        ) : (
          <Stack component="ol" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {visit.history.map((h) => (
              <Stack component="li" key={`${h.at}|${h.status}|${h.by}|${h.note}`} gap={2}>
                <Text size="sm" fw={600}>
                  {pharmacyStatusLabel(t, h.status)} ·{' '}
                  {h.by === 'pharmacy'
                    ? t('pharmacyScreens.history.byPharmacy')
                    : t('pharmacyScreens.history.byPrescriber')}{' '}
                  · {formatDateTime(h.at, lang)}
                </Text>
                {h.note ? (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {h.note}
                  </Text>
                ) : null}
              </Stack>
            ))}
          </Stack>
        )}
      </PharmacySection>

      <ClaimDialog
        opened={claimOpen}
        fee={me.organization.claimFee}
        balance={me.organization.prepayBalance}
        admin={me.role === 'pharmacyAdmin'}
        pending={claim.isPending}
        error={claimProblem}
        onConfirm={() => claim.mutate(visit.version)}
        onClose={() => setClaimOpen(false)}
      />
    </Stack>
  );
}

/**
 * A status button with its meaning (the assign hint) as its description. A completing status is
 * filled, the others outlined; a destructive one (voided) red and light, never filled (issue 36,
 * finding 16): choosing it opens its form, which asks the reason before anything changes.
 */
export function StatusButton({
  action,
  pressed,
  disabled,
  onChoose,
}: {
  action: StatusAction;
  pressed: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const t = useT();
  const hintId = useId();
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start">
      <Button
        {...(action.destructive
          ? dangerButton
          : { variant: action.outline ? 'outline' : 'filled' })}
        size="compact-md"
        miw={120}
        aria-pressed={pressed}
        aria-describedby={hintId}
        disabled={disabled}
        onClick={onChoose}
        data-testid={`pharmacy-status-${action.status}`}
        style={{ flexShrink: 0 }}
      >
        {t(action.label)}
      </Button>
      <Text size="sm" c="dimmed" id={hintId}>
        {t(action.hint)}
      </Text>
    </Group>
  );
}
