import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import {
  type PharmacyRxForm,
  type RxFormStatus,
  rxFormRequestInputSchema,
} from '@apothecall/domain/rx/rx-forms.api';
import {
  currentRxFormVersion,
  maxDesigneeName,
  type RxFormId,
  rxFormById,
  rxFormCatalogue,
  rxFormVersion,
} from '@apothecall/domain/rx/rx-forms.rules';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId } from 'react';
import { Form } from '../../../components/form';
import { StatusChip } from '../../../components/status-chip';
import { errorText } from '../../../lib/api-client';
import { isMessageKey, type Translate, useLang, useT } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/payments/payment-format';
import { saveBlob } from '../../../lib/save-blob';
import { useDraft } from '../../../lib/use-draft';
import { useDownloadPharmacyRxForm } from '../api/download-pharmacy-rx-form';
import { usePharmacyRxForms } from '../api/get-pharmacy-rx-forms';
import { useRequestPharmacyRxForm } from '../api/request-pharmacy-rx-form';
import { useWithdrawPharmacyRxForm } from '../api/withdraw-pharmacy-rx-form';
import { shortVisitId } from './pharmacy-dashboard';
import { PharmacySection } from './pharmacy-section';

const statusColour: Record<RxFormStatus, string> = {
  requested: '#e8590c',
  signed: '#2f9e44',
  withdrawn: '#868e96',
};

/** The title of the version a request points at (or the current one). */
function formTitle(t: Translate, formId: string, version?: string): string {
  const v = version ? rxFormVersion(formId, version) : undefined;
  const form = rxFormById(formId);
  const chosen = v ?? (form ? currentRxFormVersion(form) : undefined);
  return chosen ? t(chosen.titleKey) : formId;
}

/** The request being written: the form asked for and, for a pick-up authorization, its designee. */
interface RequestDraft {
  formId: RxFormId;
  designeeName: string;
}

const firstRequest: RequestDraft = { formId: 'hipaaNotice', designeeName: '' };

/** A request for another form of the catalogue (a pick-up authorization names its designee). */
function RequestForm({ visitId }: { visitId: string }) {
  const t = useT();
  const request = useDraft<RequestDraft>(firstRequest);
  const { draft, errors } = request;
  const form = rxFormById(draft.formId);
  const designeeName = form?.needsDesignee ? draft.designeeName : '';
  const ask = useRequestPharmacyRxForm({
    onSuccess: () => {
      request.set('designeeName', '');
      notifications.show({ color: 'green', message: t('rxFormsUi.pharmacy.requested') });
    },
  });
  return (
    <Form
      onSubmit={() => {
        const checked = rxFormRequestInputSchema.safeParse({ formId: draft.formId, designeeName });
        if (!checked.success) {
          const found: Partial<Record<keyof RequestDraft, string>> = {};
          for (const issue of checked.error.issues) {
            const field = issue.path[0];
            const key: MessageKey = isMessageKey(issue.message)
              ? issue.message
              : 'rxForms.field.form';
            if (field === 'formId' || field === 'designeeName') found[field] ??= t(key);
          }
          request.refuse(found);
          return;
        }
        ask.mutate({ visitId, body: { formId: draft.formId, designeeName } });
      }}
      data-testid="pharmacy-rx-form-request"
    >
      <Stack gap="xs">
        <NativeSelect
          label={t('rxFormsUi.pharmacy.form')}
          value={draft.formId}
          onChange={(event) => {
            const next = rxFormById(event.currentTarget.value);
            if (next) request.set('formId', next.id);
            // Another form asks for other things: none of the shown refusals still applies.
            request.refuse({});
            ask.reset();
          }}
          data={rxFormCatalogue.map((f) => ({ value: f.id, label: formTitle(t, f.id) }))}
          error={errors.formId}
          data-testid="pharmacy-rx-form-choice"
        />
        {form?.needsDesignee ? (
          <TextInput
            label={t('rxFormsUi.pharmacy.designee')}
            description={t('rxFormsUi.pharmacy.designeeHint')}
            value={draft.designeeName}
            onChange={(event) => request.set('designeeName', event.currentTarget.value)}
            maxLength={maxDesigneeName}
            withAsterisk
            error={errors.designeeName}
            autoComplete="off"
            maw={420}
            data-testid="pharmacy-rx-form-designee"
          />
        ) : null}
        {ask.isError ? (
          <Alert color="red" role="alert" data-testid="pharmacy-rx-form-error">
            {t('rxFormsUi.pharmacy.requestFailed', { message: errorText(t, ask.error) })}
          </Alert>
        ) : null}
        <Button
          type="submit"
          loading={ask.isPending}
          w="fit-content"
          data-testid="pharmacy-rx-form-submit"
        >
          {t('rxFormsUi.pharmacy.request')}
        </Button>
      </Stack>
    </Form>
  );
}

/** One form asked for: its title and status, when, the signed PDF, or Withdraw while waiting. */
function RequestRow({ visitId, form }: { visitId: string; form: PharmacyRxForm }) {
  const t = useT();
  const titleId = useId();
  const title = formTitle(t, form.formId, form.version);
  const pdf = useDownloadPharmacyRxForm({
    onSuccess: (blob) => saveBlob(blob, `${form.formId}-${shortVisitId(visitId)}.pdf`),
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: t('rxFormsUi.pharmacy.downloadFailed', { message: errorText(t, error) }),
      }),
  });
  const withdraw = useWithdrawPharmacyRxForm({
    onSuccess: () =>
      notifications.show({ color: 'green', message: t('rxFormsUi.pharmacy.withdrawn') }),
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: t('rxFormsUi.pharmacy.withdrawFailed', { message: errorText(t, error) }),
      }),
  });
  return (
    <Card
      component="li"
      withBorder
      radius="sm"
      p="sm"
      aria-labelledby={titleId}
      data-testid="pharmacy-rx-form"
      data-form-id={form.formId}
      data-status={form.status}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={4} size="h6" id={titleId}>
            {title}
          </Title>
          <StatusChip
            label={t(`rxFormsUi.status.${form.status}`)}
            colour={statusColour[form.status]}
            data-testid="pharmacy-rx-form-status"
          />
        </Group>
        <RequestRowDates form={form} />
        {form.status === 'signed' ? (
          <Button
            size="xs"
            variant="light"
            w="fit-content"
            loading={pdf.isPending}
            onClick={() =>
              pdf.mutate({ visitId, formRequestId: form.id, offlineMessage: t('errors.network') })
            }
            aria-label={t('rxFormsUi.pharmacy.downloadLabel', { form: title })}
            data-testid="pharmacy-rx-form-pdf"
          >
            {t('rxFormsUi.pharmacy.download')}
          </Button>
        ) : null}
        {form.status === 'requested' ? (
          <Button
            size="xs"
            variant="default"
            w="fit-content"
            loading={withdraw.isPending}
            onClick={() => withdraw.mutate({ visitId, formRequestId: form.id })}
            aria-label={t('rxFormsUi.pharmacy.withdrawLabel', { form: title })}
            data-testid="pharmacy-rx-form-withdraw"
          >
            {t('rxFormsUi.pharmacy.withdraw')}
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * Forms to sign on the visit: what the pharmacy asked the patient to sign (waiting,
 * signed with the time and the typed name, or withdrawn), the signed PDF, and, once the visit is
 * claimed, a request for another form of the catalogue (a pick-up authorization names its
 * designee).
 */
export function PharmacyRxFormsSection({
  visitId,
  claimed,
}: {
  visitId: string;
  claimed: boolean;
}) {
  const t = useT();
  const forms = usePharmacyRxForms(visitId);
  return (
    <PharmacySection title={t('rxFormsUi.pharmacy.title')} testId="pharmacy-rx-forms">
      <Text size="sm" c="dimmed">
        {t('rxFormsUi.pharmacy.lead')}
      </Text>
      {forms.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : forms.isError ? (
        <Alert color="red" role="alert">
          {t('rxFormsUi.pharmacy.loadFailed', { message: errorText(t, forms.error) })}
        </Alert>
      ) : forms.data.length === 0 ? (
        <Text size="sm" data-testid="pharmacy-rx-forms-empty">
          {t('rxFormsUi.pharmacy.empty')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {forms.data.map((form) => (
            <RequestRow key={form.id} visitId={visitId} form={form} />
          ))}
        </Stack>
      )}
      {claimed ? (
        <RequestForm visitId={visitId} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('rxFormsUi.pharmacy.claimFirst')}
        </Text>
      )}
    </PharmacySection>
  );
}

/** The form's designee, when it was asked for, signed (and by whom) or withdrawn. */
function RequestRowDates({ form }: { form: PharmacyRxForm }) {
  const t = useT();
  const lang = useLang();
  return (
    <>
      {form.designeeName ? (
        <Text size="sm">{t('rxFormsUi.designee', { name: form.designeeName })}</Text>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('rxFormsUi.requestedAt', { date: formatDateTime(form.requestedAt, lang) })}
      </Text>
      {form.signedAt ? (
        <Text size="sm" fw={600} data-testid="pharmacy-rx-form-signed">
          {t('rxFormsUi.signedAt', {
            date: formatDateTime(form.signedAt, lang),
            name: form.signedName ?? '',
          })}
        </Text>
      ) : null}
      {form.withdrawnAt ? (
        <Text size="sm" c="dimmed">
          {t('rxFormsUi.withdrawnAt', { date: formatDateTime(form.withdrawnAt, lang) })}
        </Text>
      ) : null}
    </>
  );
}
