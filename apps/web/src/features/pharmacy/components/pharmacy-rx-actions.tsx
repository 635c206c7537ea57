import type { PharmacyRxDetail } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useLang, useT } from '../../../lib/i18n';
import { formatCents } from '../../../lib/payments/payment-format';
import { PharmacySection } from './pharmacy-section';
import { StatusButton, StatusChangeForm } from './pharmacy-status-controls';
import { statusActionsOf } from './pharmacy-status-form';
import type { PharmacyRxActionsState } from './use-pharmacy-rx-actions';

/**
 * The visit's actions: Submit Payment while it can be claimed, the prescription PDF once
 * claimed, the fee paid; one button per status that may come next, and the chosen one's form.
 */
export function PharmacyRxActions({
  visit,
  actions: state,
}: {
  visit: PharmacyRxDetail;
  actions: PharmacyRxActionsState;
}) {
  const t = useT();
  const actionsId = useId();
  const actions = statusActionsOf(visit.nextStatuses);
  const chosenAction = actions.find((a) => a.status === state.chosen) ?? null;
  return (
    <PharmacySection title={t('pharmacyScreens.detail.actions')} testId="pharmacy-rx-actions">
      <PharmacyRxClaimRow visit={visit} actions={state} />
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
                pressed={state.chosen === action.status}
                disabled={state.busy}
                onChoose={() => state.choose(action.status)}
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
          pending={state.changePending}
          problem={state.statusProblem}
          onSave={(note) => state.saveStatus(chosenAction.status, note, visit.version)}
          onCancel={state.cancel}
        />
      ) : null}
    </PharmacySection>
  );
}

/** Submit Payment, the prescription PDF and the fee paid, when any of them applies. */
function PharmacyRxClaimRow({
  visit,
  actions: state,
}: {
  visit: PharmacyRxDetail;
  actions: PharmacyRxActionsState;
}) {
  const t = useT();
  const lang = useLang();
  if (!(visit.claimable || visit.pdfAvailable || visit.feePaid !== null)) return null;
  return (
    <Group gap="xs">
      {visit.claimable ? (
        <Button
          onClick={state.openClaim}
          disabled={state.busy}
          data-testid="pharmacy-submit-payment"
        >
          {t('rxStatus.pharmacy.submitPayment')}
        </Button>
      ) : null}
      {visit.pdfAvailable ? (
        <Button
          ref={state.pdfButton}
          variant="light"
          loading={state.pdfPending}
          onClick={state.downloadPdf}
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
  );
}
