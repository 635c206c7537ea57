import type {
  PrepayNotificationKind,
  PrepayProgramView,
} from '@apothecall/domain/prepay/prepay.api';
import { notifications } from '@mantine/notifications';
import { isMessageKey, useT } from '../../../lib/i18n';
import { useDraft } from '../../../lib/use-draft';
import { useUpdatePrepayProgram } from '../api/update-prepay-program';
import { type FieldError, fieldText } from './form-check';
import {
  checkSettings,
  draftFromProgram,
  type SettingsDraft,
  type SettingsField,
} from './program-settings-form';

/** The program settings' draft, its errors and its save (checked before sending). */
export function useProgramSettings(program: PrepayProgramView) {
  const t = useT();
  const form = useDraft<SettingsDraft, FieldError, SettingsField>(() => draftFromProgram(program));
  const { draft, errors, set } = form;
  const save = useUpdatePrepayProgram({
    onSuccess: (updated) => {
      form.reset(draftFromProgram(updated));
      notifications.show({ color: 'green', message: t('prepayUi.settings.saved') });
    },
  });

  // The channels are switches with no refusal of their own.
  const setChannel = (kind: PrepayNotificationKind, channel: 'email' | 'sms', on: boolean) => {
    form.setDraft((current) => ({
      ...current,
      channels: { ...current.channels, [kind]: { ...current.channels[kind], [channel]: on } },
    }));
  };
  const err = (field: SettingsField) => fieldText(t, errors[field]);

  const submit = () => {
    save.reset();
    const check = checkSettings(draft, isMessageKey);
    if (!check.ok) {
      form.refuse(check.errors);
      return;
    }
    form.refuse({});
    save.mutate({ id: program.id, settings: check.settings });
  };

  const hasErrors = Object.values(errors).some(Boolean);
  return { draft, set, setChannel, err, save, submit, hasErrors };
}
