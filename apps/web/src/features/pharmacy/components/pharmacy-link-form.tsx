import { createRxLinkRequestSchema } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import type { RxProductView } from '@apothecall/domain/rx/rx-visits.api';
import { Alert, Button, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useCreateRxLink } from '../api/create-rx-link';
import { treatmentName } from './pharmacy-format';

/** A new link: the treatment (from the catalogue), an optional medication list and comment. */
export function CreateLinkForm({ products }: { products: readonly RxProductView[] }) {
  const t = useT();
  const [screenId, setScreenId] = useState('');
  const [medListId, setMedListId] = useState('');
  const [comment, setComment] = useState('');
  const [treatmentError, setTreatmentError] = useState<string | null>(null);
  const create = useCreateRxLink({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('pharmacyScreens.links.created') });
      setScreenId('');
      setMedListId('');
      setComment('');
    },
  });
  return (
    <SectionCard title={t('pharmacyScreens.links.createTitle')} testId="pharmacy-link-form">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = createRxLinkRequestSchema.safeParse({ screenId, medListId, comment });
          if (!parsed.success || !products.some((p) => p.id === screenId)) {
            setTreatmentError(t('pharmacyScreens.links.treatmentRequired'));
            return;
          }
          create.mutate({ screenId, medListId, comment });
        }}
      >
        <Stack gap="sm">
          <NativeSelect
            label={t('pharmacyScreens.links.treatment')}
            value={screenId}
            onChange={(event) => {
              setScreenId(event.currentTarget.value);
              setTreatmentError(null);
            }}
            data={[
              { value: '', label: t('pharmacyScreens.links.treatmentChoose') },
              ...products.map((p) => ({ value: p.id, label: treatmentName(t, p.id, p.nameKey) })),
            ]}
            error={treatmentError}
            withAsterisk
            data-testid="pharmacy-link-treatment"
          />
          <TextInput
            label={t('pharmacyScreens.links.medListOptional')}
            value={medListId}
            onChange={(event) => setMedListId(event.currentTarget.value)}
            maxLength={100}
            data-testid="pharmacy-link-medlist"
          />
          <Textarea
            label={t('pharmacyScreens.links.commentOptional')}
            value={comment}
            onChange={(event) => setComment(event.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={2000}
            data-testid="pharmacy-link-comment"
          />
          {create.isError ? (
            <Alert color="red" role="alert" data-testid="pharmacy-link-error">
              {t('pharmacyScreens.links.createFailed', { message: errorText(t, create.error) })}
            </Alert>
          ) : null}
          <Button
            type="submit"
            loading={create.isPending}
            w="fit-content"
            data-testid="pharmacy-link-create"
          >
            {t('pharmacyScreens.links.create')}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
