import type { PrepayProgramView } from '@apothecall/domain/prepay/prepay.api';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { Form } from '../../../components/form';
import { SectionCard } from '../../../components/section-card';
import { errorText } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { NotifyFieldset } from './program-notify-fieldset';
import {
  LimitsFieldset,
  NameFields,
  PatientFieldset,
  RestrictionsFieldset,
} from './program-settings-fields';
import { useProgramSettings } from './use-program-settings';

/**
 * The holder's settings of a program (POST /prepay-program/{id}): every field of the
 * contract's prepayProgramSettingsSchema, checked with it before sending. Amounts are typed in
 * dollars and sent as cents; 0 (or empty) means none.
 */
export function ProgramSettingsSection({ program }: { program: PrepayProgramView }) {
  const t = useT();
  const { draft, set, setChannel, err, save, submit, hasErrors } = useProgramSettings(program);
  const part = { draft, set, err };

  return (
    <SectionCard title={t('prepayUi.settings.title')} testId="prepay-settings">
      <Form onSubmit={submit}>
        <Stack gap="md">
          <NameFields {...part} />
          <PatientFieldset {...part} />
          <LimitsFieldset {...part} />
          <RestrictionsFieldset {...part} program={program} />
          <NotifyFieldset {...part} setChannel={setChannel} />
          {hasErrors ? (
            <Alert color="red" role="alert" data-testid="prepay-settings-invalid">
              {t('prepayUi.form.fix')}
            </Alert>
          ) : null}
          {save.isError ? (
            <Alert color="red" role="alert" data-testid="prepay-settings-error">
              {errorText(t, save.error)}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending} data-testid="prepay-settings-save">
              {t('prepayUi.settings.save')}
            </Button>
          </Group>
        </Stack>
      </Form>
    </SectionCard>
  );
}
