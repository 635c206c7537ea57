import type { AdminBrand } from '@apothecall/domain/brands/brands-admin.api';
import { type FieldChange, fieldChanges } from '@apothecall/domain/brands/brands-admin.rules';
import { link } from '@apothecall/domain/navigation/links';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n';
import { useCreateBrand, useSaveBrand } from '../api';
import { type BrandForm, blank, fieldLabels, fieldsOf, formOf } from './brand-form';

/**
 * The brand editor's state and actions: the form, a new brand created at once, a known one
 * saved once the list of what changed is confirmed.
 */
export function useBrandEditor(brand: AdminBrand | undefined, mayWrite: boolean) {
  const t = useT();
  const navigate = useNavigate();
  const [form, setForm] = useState<BrandForm>(() => (brand ? formOf(brand) : blank));
  const [confirming, setConfirming] = useState<FieldChange[] | undefined>();
  const set = <K extends keyof BrandForm>(key: K, value: BrandForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setApp = <K extends keyof BrandForm['appSettings']>(
    key: K,
    value: BrandForm['appSettings'][K],
  ) => setForm((f) => ({ ...f, appSettings: { ...f.appSettings, [key]: value } }));

  const create = useCreateBrand({
    onSuccess: (created) => {
      notifications.show({
        color: 'green',
        message: t('backoffice.brands.created', { name: created.name }),
      });
      void navigate(link('/admin/brands/:id', { id: created.id }));
    },
  });
  const save = useSaveBrand({
    onSuccess: ({ changed }) => {
      setConfirming(undefined);
      notifications.show({
        color: 'green',
        message:
          changed.length === 0
            ? t('backoffice.brands.unchanged')
            : t('backoffice.brands.saved', {
                fields: changed.map((f) => (fieldLabels[f] ? t(fieldLabels[f]) : f)).join(', '),
              }),
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mayWrite) return;
    if (!brand) {
      create.mutate({ ...fieldsOf(form), id: form.id.trim() });
      return;
    }
    save.reset();
    const { id: _id, isMain: _main, logoUrl: _logo, ...before } = brand;
    setConfirming(fieldChanges(before, fieldsOf(form)));
  };
  const confirm = () => save.mutate({ id: brand?.id ?? '', body: fieldsOf(form) });

  return { form, set, setApp, confirming, setConfirming, create, save, submit, confirm };
}
