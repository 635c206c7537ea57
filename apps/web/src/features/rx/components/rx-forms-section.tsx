import type { PatientRxForm, RxFormStatus } from '@apothecall/domain/rx/rx-forms.api';
import { rxFormSignRequestSchema } from '@apothecall/domain/rx/rx-forms.api';
import { rxFormVersion } from '@apothecall/domain/rx/rx-forms.rules';
import { Alert, Button, Card, Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import { Dialog, DialogActions } from '../../../components/dialog';
import { Form } from '../../../components/form';
import { StatusChip } from '../../../components/status-chip';
import { ApiError, errorText } from '../../../lib/api-client';
import { isMessageKey, useLang, useT } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/payments/payment-format';
import { saveBlob } from '../../../lib/save-blob';
import { useDraft } from '../../../lib/use-draft';
import { useDownloadRxForm } from '../api/download-rx-form';
import { useRxForms } from '../api/get-rx-forms';
import { useSignRxForm } from '../api/sign-rx-form';

const statusColour: Record<RxFormStatus, string> = {
  requested: '#e8590c',
  signed: '#2f9e44',
  withdrawn: '#868e96',
};

/** The form's text as the patient reads it, in their language, with the names filled in. */
function useFormTexts(form: PatientRxForm) {
  const t = useT();
  const version = rxFormVersion(form.formId, form.version);
  return {
    title: version ? t(version.titleKey) : form.formId,
    body: version
      ? t(version.bodyKey, {
          pharmacy: form.pharmacyName,
          patient: form.patientName,
          designee: form.designeeName ?? '',
        })
      : '',
  };
}

/** What the patient fills in to sign: their full name and the box ticked. */
interface SignDraft {
  fullName: string;
  agreed: boolean;
}
const emptySignDraft: SignDraft = { fullName: '', agreed: false };

function SignDialog({
  form,
  onClose,
  onSigned,
}: {
  form: PatientRxForm;
  onClose: () => void;
  onSigned: (form: PatientRxForm) => void;
}) {
  const t = useT();
  const texts = useFormTexts(form);
  const signature = useDraft<SignDraft>(emptySignDraft);
  const { draft, errors, set } = signature;
  const sign = useSignRxForm({
    onSuccess: onSigned,
    onError: (error) => {
      // The server's sentence names the field ('Full name: type your first and last name…').
      if (error instanceof ApiError && error.status === 400) {
        signature.refuse({ fullName: error.message });
      }
    },
  });
  return (
    <Dialog opened onClose={onClose} title={texts.title} size="lg">
      <Form
        onSubmit={() => {
          const checked = rxFormSignRequestSchema.safeParse(draft);
          if (!checked.success) {
            const found: Partial<Record<keyof SignDraft, string>> = {};
            for (const issue of checked.error.issues) {
              const field = issue.path[0];
              if ((field === 'fullName' || field === 'agreed') && isMessageKey(issue.message)) {
                found[field] ??= t(issue.message);
              }
            }
            signature.refuse(found);
            return;
          }
          sign.mutate({
            visitId: form.visitId,
            formRequestId: form.id,
            body: { fullName: draft.fullName, agreed: true },
          });
        }}
        data-testid="rx-form-sign-dialog"
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('rxFormsUi.patient.from', { pharmacy: form.pharmacyName })}
          </Text>
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap' }}
            data-testid="rx-form-text"
            data-version={form.version}
          >
            {texts.body}
          </Text>
          <TextInput
            label={t('rxFormsUi.patient.fullName')}
            description={t('rxFormsUi.patient.fullNameHint')}
            value={draft.fullName}
            onChange={(event) => set('fullName', event.currentTarget.value)}
            maxLength={200}
            withAsterisk
            autoComplete="name"
            error={errors.fullName}
            data-testid="rx-form-full-name"
          />
          <Checkbox
            label={t('rxFormsUi.patient.agree')}
            checked={draft.agreed}
            onChange={(event) => set('agreed', event.currentTarget.checked)}
            error={errors.agreed}
            data-testid="rx-form-agree"
          />
          <DialogActions
            error={
              sign.isError && !(sign.error instanceof ApiError && sign.error.status === 400)
                ? t('rxFormsUi.patient.signFailed', { message: errorText(t, sign.error) })
                : null
            }
            errorTestId="rx-form-sign-error"
            pending={sign.isPending}
            cancelLabel={t('rxFormsUi.patient.cancel')}
            onCancel={onClose}
          >
            <Button type="submit" loading={sign.isPending} data-testid="rx-form-sign">
              {t('rxFormsUi.patient.sign')}
            </Button>
          </DialogActions>
        </Stack>
      </Form>
    </Dialog>
  );
}

function FormRow({ form, onOpen }: { form: PatientRxForm; onOpen: () => void }) {
  const t = useT();
  const lang = useLang();
  const titleId = useId();
  const texts = useFormTexts(form);
  const pdf = useDownloadRxForm({
    onSuccess: (blob) => saveBlob(blob, `${form.formId}.pdf`),
    onError: (error) =>
      notifications.show({
        color: 'red',
        message: t('rxScreens.visits.downloadFailed', { message: errorText(t, error) }),
      }),
  });
  return (
    <Card
      component="li"
      withBorder
      radius="sm"
      p="sm"
      aria-labelledby={titleId}
      bg={form.status === 'requested' ? 'var(--mantine-color-orange-0)' : undefined}
      data-testid="rx-form"
      data-form-id={form.formId}
      data-status={form.status}
    >
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={4} size="h6" id={titleId}>
            {texts.title}
          </Title>
          <StatusChip
            label={t(`rxFormsUi.status.${form.status}`)}
            colour={statusColour[form.status]}
            data-testid="rx-form-status"
          />
        </Group>
        <Text size="sm">
          {form.status === 'requested'
            ? t('rxFormsUi.patient.from', { pharmacy: form.pharmacyName })
            : form.signedAt
              ? t('rxFormsUi.patient.signedOn', { date: formatDateTime(form.signedAt, lang) })
              : ''}
        </Text>
        <Text size="sm" c="dimmed">
          {t('rxFormsUi.patient.forPerson', { name: form.patientName })}
          {form.designeeName ? ` · ${t('rxFormsUi.designee', { name: form.designeeName })}` : ''}
        </Text>
        {form.status === 'requested' ? (
          <Button
            size="xs"
            w="fit-content"
            onClick={onOpen}
            aria-label={t('rxFormsUi.patient.readLabel', { form: texts.title })}
            data-testid="rx-form-open"
          >
            {t('rxFormsUi.patient.read')}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="light"
            w="fit-content"
            loading={pdf.isPending}
            onClick={() =>
              pdf.mutate({
                visitId: form.visitId,
                formRequestId: form.id,
                offlineMessage: t('errors.network'),
              })
            }
            aria-label={t('rxFormsUi.pharmacy.downloadLabel', { form: texts.title })}
            data-testid="rx-form-pdf"
          >
            {t('rxFormsUi.pharmacy.download')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The forms a visit's pharmacy asked the patient to sign, on the visit's card: each
 * waiting one opens to be read and signed (full name as the profile has it, the box ticked);
 * signed ones give their PDF (also kept in the documents). One query serves every card.
 */
export function RxFormsSection({ visitId }: { visitId: string }) {
  const t = useT();
  const headingId = useId();
  const forms = useRxForms();
  const [open, setOpen] = useState<PatientRxForm | null>(null);
  if (forms.isError) {
    return (
      <Alert color="red" role="alert">
        {t('rxFormsUi.patient.loadFailed', { message: errorText(t, forms.error) })}
      </Alert>
    );
  }
  const mine = (forms.data ?? []).filter((f) => f.visitId === visitId);
  if (mine.length === 0) return null;
  return (
    <Stack gap={6} data-testid="rx-forms" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        {t('rxFormsUi.patient.title')}
      </Title>
      <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {mine.map((form) => (
          <FormRow key={form.id} form={form} onOpen={() => setOpen(form)} />
        ))}
      </Stack>
      {open ? (
        <SignDialog
          form={open}
          onClose={() => setOpen(null)}
          onSigned={() => {
            setOpen(null);
            notifications.show({ color: 'green', message: t('rxFormsUi.patient.signed') });
          }}
        />
      ) : null}
    </Stack>
  );
}
