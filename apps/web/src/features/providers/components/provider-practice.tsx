import {
  type ProviderAdminView,
  providerPracticeSchema,
} from '@apothecall/domain/providers/providers.api';
import { Alert, Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Facts } from '../../../components/facts';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { isMessageKey, useT } from '../../../lib/i18n';
import { useDraft } from '../../../lib/use-draft';
import { usePutProviderPractice } from '../api/put-provider-practice';

type PracticeField = 'name' | 'line1' | 'line2' | 'phone' | 'fax' | 'clientNumber';
const practiceFields: readonly PracticeField[] = [
  'name',
  'line1',
  'line2',
  'phone',
  'fax',
  'clientNumber',
];
const requiredPractice: ReadonlySet<PracticeField> = new Set(['name', 'line1', 'phone']);

/**
 * The practice printed on the provider's notes and prescriptions. A provider without one cannot
 * complete a note (the clinic answers 409), so the section says so until it is entered.
 */
export function Practice({
  provider,
  mayWrite,
}: {
  provider: ProviderAdminView;
  mayWrite: boolean;
}) {
  const t = useT();
  const stored = provider.practice;
  const form = useDraft<Record<PracticeField, string>>(() => ({
    name: stored?.name ?? '',
    line1: stored?.line1 ?? '',
    line2: stored?.line2 ?? '',
    phone: stored?.phone ?? '',
    fax: stored?.fax ?? '',
    clientNumber: stored?.clientNumber ?? '',
  }));
  const { draft, errors } = form;
  const save = usePutProviderPractice({
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('providersUi.practice.saved') });
    },
  });
  return (
    <SectionCard
      title={t('providersUi.practice.title')}
      description={t('providersUi.practice.lead')}
      testId="provider-practice"
    >
      {stored ? null : (
        <Alert color="yellow" data-testid="provider-practice-missing">
          {t('providersUi.practice.missing')}
        </Alert>
      )}
      {mayWrite ? (
        <form
          noValidate
          aria-label={t('providersUi.practice.title')}
          onSubmit={(event) => {
            event.preventDefault();
            const checked = providerPracticeSchema.safeParse(draft);
            if (!checked.success) {
              const shown: Partial<Record<PracticeField, string>> = {};
              for (const issue of checked.error.issues) {
                const name = issue.path[0] as PracticeField;
                shown[name] ??= isMessageKey(issue.message)
                  ? t(issue.message)
                  : t('common.required');
              }
              form.refuse(shown);
              return;
            }
            save.mutate({ id: provider.id, body: draft });
          }}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {practiceFields.map((field) => (
                <TextInput
                  key={field}
                  label={t(`providersUi.practice.${field}`)}
                  autoComplete="off"
                  inputMode={field === 'phone' || field === 'fax' ? 'tel' : undefined}
                  value={draft[field]}
                  onChange={(event) => {
                    form.set(field, event.currentTarget.value);
                  }}
                  error={errors[field]}
                  withAsterisk={requiredPractice.has(field)}
                  data-testid={`practice-${field}`}
                />
              ))}
            </SimpleGrid>
            {save.isError ? (
              <Alert color="red" role="alert" data-testid="practice-error">
                {t('providersUi.practice.failed', { message: errorText(t, save.error) })}
              </Alert>
            ) : null}
            <Button
              type="submit"
              loading={save.isPending}
              w="fit-content"
              data-testid="practice-save"
            >
              {t('providersUi.practice.save')}
            </Button>
          </Stack>
        </form>
      ) : stored ? (
        <Facts
          labelWidth={160}
          rows={practiceFields.map((field) => ({
            key: field,
            label: t(`providersUi.practice.${field}`),
            value: stored[field] || '—',
          }))}
        />
      ) : null}
    </SectionCard>
  );
}
