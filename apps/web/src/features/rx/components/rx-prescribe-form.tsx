import { visitPrescriptionSchema } from '@apothecall/domain/care/visits.api';
import type { RxReview } from '@apothecall/domain/rx/rx-visits.api';
import { Button, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { isMessageKey, useT } from '../../../lib/i18n';
import { useDraft } from '../../../lib/use-draft';

export interface PrescriptionDraft {
  medication: string;
  strength: string;
  quantity: string;
  refills: string;
  directions: string;
}

const emptyDraft: PrescriptionDraft = {
  medication: '',
  strength: '',
  quantity: '',
  refills: '0',
  directions: '',
};

/**
 * The prescription of an approved visit: the package's lines as presets (choosing one fills
 * medication, strength and quantity), checked with the same schema the server uses.
 */
export function RxPrescribeForm({
  lines,
  pending,
  onPrescribe,
  submitLabel,
  testId,
}: {
  lines: RxReview['packageLines'];
  pending: boolean;
  /** The submit button's text (default 'Prescribe'; a change request's approval says so). */
  submitLabel?: string;
  testId?: string;
  onPrescribe: (prescription: {
    medication: string;
    strength: string;
    quantity: number;
    refills: number;
    directions: string;
    pharmacyNcpdpId: null;
  }) => void;
}) {
  const t = useT();
  const form = useDraft<PrescriptionDraft>(emptyDraft);
  const { draft, errors } = form;
  const set = (field: keyof PrescriptionDraft) => (value: string) => form.set(field, value);
  const submit = () => {
    const parsed = visitPrescriptionSchema.safeParse({
      medication: draft.medication,
      strength: draft.strength,
      quantity: draft.quantity.trim() === '' ? Number.NaN : Number(draft.quantity),
      refills: draft.refills.trim() === '' ? Number.NaN : Number(draft.refills),
      directions: draft.directions,
      pharmacyNcpdpId: null,
    });
    if (!parsed.success) {
      const found: Partial<Record<keyof PrescriptionDraft, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof PrescriptionDraft;
        found[field] ??= isMessageKey(issue.message) ? t(issue.message) : issue.message;
      }
      form.refuse(found);
      return;
    }
    onPrescribe({ ...parsed.data, pharmacyNcpdpId: null });
  };
  return (
    <form
      noValidate
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        {lines.length > 0 ? (
          <NativeSelect
            label={t('rxScreens.clinic.preset')}
            description={t('rxScreens.clinic.presetHint')}
            data={[
              { value: '', label: '—' },
              ...lines.map((line, i) => ({
                value: String(i),
                label: `${line.medication} ${line.strength} x${line.quantity}`,
              })),
            ]}
            onChange={(event) => {
              const line = lines[Number(event.currentTarget.value)];
              if (event.currentTarget.value === '' || !line) return;
              form.reset({
                ...draft,
                medication: line.medication,
                strength: line.strength,
                quantity: String(line.quantity),
              });
            }}
          />
        ) : null}
        <RxPrescriptionFields draft={draft} errors={errors} set={set} />
        <Button type="submit" loading={pending} w="fit-content">
          {submitLabel ?? t('rxClinic.review.prescribe')}
        </Button>
      </Stack>
    </form>
  );
}

/** The prescription's medication, strength, quantity, refills and directions. */
function RxPrescriptionFields({
  draft,
  errors,
  set,
}: {
  draft: PrescriptionDraft;
  errors: Partial<Record<keyof PrescriptionDraft, string>>;
  set: (field: keyof PrescriptionDraft) => (value: string) => void;
}) {
  const t = useT();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('rxClinic.review.medication')}
          value={draft.medication}
          onChange={(e) => set('medication')(e.currentTarget.value)}
          error={errors.medication}
          withAsterisk
        />
        <TextInput
          label={t('rxClinic.review.strength')}
          value={draft.strength}
          onChange={(e) => set('strength')(e.currentTarget.value)}
          error={errors.strength}
          withAsterisk
        />
        <TextInput
          label={t('rxClinic.review.quantity')}
          inputMode="numeric"
          value={draft.quantity}
          onChange={(e) => set('quantity')(e.currentTarget.value)}
          error={errors.quantity}
          withAsterisk
        />
        <TextInput
          label={t('rxClinic.review.refills')}
          inputMode="numeric"
          value={draft.refills}
          onChange={(e) => set('refills')(e.currentTarget.value)}
          error={errors.refills}
          withAsterisk
        />
      </SimpleGrid>
      <Textarea
        label={t('rxClinic.review.directions')}
        value={draft.directions}
        onChange={(e) => set('directions')(e.currentTarget.value)}
        error={errors.directions}
        autosize
        minRows={2}
        withAsterisk
      />
    </>
  );
}
