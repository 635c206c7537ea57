import type { AssessmentView } from '@apothecall/domain/assessments/assessment.api';
import { continuationState } from '@apothecall/domain/assessments/assessment.rules';
import { Alert, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useLang, useT } from '../../../lib/i18n';
import { useAssessments } from '../api/get-assessments';

/** The pharmacy's newest assessments, each with whether the patient continued. */
export function RecentAssessments() {
  const t = useT();
  const lang = useLang();
  const list = useAssessments();
  const day = (iso: string) =>
    new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { dateStyle: 'medium' }).format(
      new Date(iso),
    );
  const statusOf = (a: AssessmentView) => {
    if (a.status === 'continued') return 'continued' as const;
    return continuationState({ status: a.status, expiresAt: new Date(a.expiresAt) }, new Date()) ===
      'expired'
      ? ('expired' as const)
      : ('sent' as const);
  };
  return (
    <SectionCard title={t('assessmentUi.recent')} testId="assessment-recent">
      {list.isPending ? (
        <Loader role="status" size="sm" aria-label={t('shell.loading')} />
      ) : list.isError ? (
        <Alert color="red" role="alert">
          {t('assessmentUi.loadFailed', { message: errorText(t, list.error) })}
        </Alert>
      ) : list.data.length === 0 ? (
        <Text size="sm">{t('assessmentUi.none')}</Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.data.map((a) => {
            const status = statusOf(a);
            return (
              <li key={a.id} data-testid="assessment-row" data-status={status}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Stack gap={0}>
                    <Text size="sm" fw={500}>
                      {t('assessmentUi.row', {
                        name: a.patientName,
                        form: t(`assessment.form.${a.form}`),
                        state: a.state,
                      })}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('assessmentUi.sentOn', { date: day(a.createdAt) })}
                    </Text>
                  </Stack>
                  <Badge
                    variant="light"
                    color={
                      status === 'continued' ? 'green' : status === 'expired' ? 'gray' : 'blue'
                    }
                  >
                    {t(`assessmentUi.status.${status}`)}
                  </Badge>
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}
