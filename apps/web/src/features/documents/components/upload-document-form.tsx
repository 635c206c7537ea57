import type { FamilyMember } from '@apothecall/domain/accounts/accounts.schemas';
import {
  type DocumentView,
  maxDocumentDescription,
} from '@apothecall/domain/documents/documents.schemas';
import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import {
  Alert,
  Button,
  Card,
  Input,
  Radio,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type RefObject, useId, useRef, useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { isMessageKey, useT } from '../../../lib/i18n';
import { useDraft } from '../../../lib/use-draft';
import { useUploadDocument } from '../api/upload-document';
import { todayIso } from './document-format';
import { checkUpload, type UploadDraft, type UploadErrors } from './upload-form-check';

/** What the server takes for a patient's document: photos and PDFs (files.rules 'document'). */
const accepted = 'image/jpeg,image/png,image/heic,application/pdf';

/**
 * 'Upload a document': whom it is for (the holder or a dependent), the file, a description and
 * the day it is about, checked by the schema the server reads the fields with, then sent as one
 * multipart POST /documents. The server's refusal is shown in its words (the reader's language).
 */
export function UploadDocumentForm({
  users,
  defaultPatient,
  onUploaded,
}: {
  users: readonly FamilyMember[];
  defaultPatient: string;
  onUploaded: (document: DocumentView) => void;
}) {
  const t = useT();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useDraft<UploadDraft, MessageKey, keyof UploadErrors>(() => ({
    patient: defaultPatient,
    fdesc: '',
    fdate: todayIso(),
  }));
  const { draft, errors } = form;
  const [file, setFile] = useState<File | null>(null);
  const send = useUploadDocument({
    onSuccess: (document) => {
      form.set('fdesc', '');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      notifications.show({
        id: 'document-uploaded',
        color: 'green',
        message: t('documentUi.upload.done'),
      });
      onUploaded(document);
    },
  });
  const set = <K extends keyof UploadDraft>(key: K, value: UploadDraft[K]) => {
    form.set(key, value);
    send.reset();
  };
  const errorOf = (field: keyof UploadErrors) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };
  const fileError = errorOf('file');

  return (
    <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }} component="section">
      <form
        noValidate
        aria-labelledby={`${id}-heading`}
        data-testid="document-upload"
        onSubmit={(event) => {
          event.preventDefault();
          const check = checkUpload(draft, file, isMessageKey);
          if (!check.ok) {
            form.refuse(check.errors);
            return;
          }
          form.refuse({});
          send.mutate({ fields: check.fields, file: check.file });
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id={`${id}-heading`}>
            {t('documentUi.upload.heading')}
          </Title>
          <PatientChoice
            users={users}
            value={draft.patient}
            error={errorOf('patient')}
            onChange={(value) => set('patient', value)}
          />
          <FileField
            id={id}
            inputRef={fileInput}
            error={fileError}
            onFile={(chosen) => {
              setFile(chosen);
              form.clear('file');
              send.reset();
            }}
          />
          <Textarea
            label={t('documentUi.upload.description')}
            value={draft.fdesc}
            onChange={(event) => set('fdesc', event.currentTarget.value)}
            maxLength={maxDocumentDescription}
            autosize
            minRows={2}
            withAsterisk
            error={errorOf('fdesc')}
          />
          <TextInput
            type="date"
            label={t('documentUi.upload.date')}
            value={draft.fdate}
            onChange={(event) => set('fdate', event.currentTarget.value)}
            error={errorOf('fdate')}
            maw={240}
          />
          {send.isError ? (
            <Alert color="red" role="alert" data-testid="document-upload-error">
              {errorText(t, send.error)}
            </Alert>
          ) : null}
          <Button type="submit" loading={send.isPending} w="fit-content">
            {t('documentUi.upload.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/** Whom the document is for: the holder or a dependent. */
function PatientChoice({
  users,
  value,
  error,
  onChange,
}: {
  users: readonly FamilyMember[];
  value: string;
  error: string | undefined;
  onChange: (patient: string) => void;
}) {
  const t = useT();
  return (
    <Radio.Group
      value={value}
      onChange={onChange}
      label={t('documentUi.upload.who')}
      error={error}
      withAsterisk
    >
      <Stack gap="xs" mt="xs">
        {users.map((user) => (
          <Radio key={user.id} value={user.id} label={user.name} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** The file to upload: a photo or a PDF. */
function FileField({
  id,
  inputRef,
  error,
  onFile,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  error: string | undefined;
  onFile: (file: File | null) => void;
}) {
  const t = useT();
  return (
    <Input.Wrapper
      label={t('documentUi.upload.file')}
      error={error}
      withAsterisk
      labelProps={{ htmlFor: `${id}-file` }}
      errorProps={{ id: `${id}-file-error` }}
    >
      <input
        ref={inputRef}
        id={`${id}-file`}
        type="file"
        accept={accepted}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-file-error` : undefined}
        onChange={(event) => onFile(event.currentTarget.files?.[0] ?? null)}
        style={{ display: 'block', marginTop: 6, maxWidth: '100%' }}
      />
    </Input.Wrapper>
  );
}
