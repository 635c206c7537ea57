import type {
  PrepayNotificationKind,
  PrepayProgramView,
} from '@apothecall/domain/prepay/prepay.api';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { isMessageKey, useT } from '../../../lib/i18n';
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
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFromProgram(program));
  const [errors, setErrors] = useState<Partial<Record<SettingsField, FieldError>>>({});
  const save = useUpdatePrepayProgram({
    onSuccess: (updated) => {
      setDraft(draftFromProgram(updated));
      notifications.show({ color: 'green', message: t('prepayUi.settings.saved') });
    },
  });

  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (key !== 'channels' && key !== 'visitType') {
      setErrors((current) => ({ ...current, [key]: undefined }));
    }
  };
  const setChannel = (kind: PrepayNotificationKind, channel: 'email' | 'sms', on: boolean) => {
    setDraft((current) => ({
      ...current,
      channels: { ...current.channels, [kind]: { ...current.channels[kind], [channel]: on } },
    }));
  };
  const err = (field: SettingsField) => fieldText(t, errors[field]);

  const submit = () => {
    save.reset();
    const check = checkSettings(draft, isMessageKey);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setErrors({});
    save.mutate({ id: program.id, settings: check.settings });
  };

  const hasErrors = Object.values(errors).some(Boolean);
  return { draft, set, setChannel, err, save, submit, hasErrors };
}
