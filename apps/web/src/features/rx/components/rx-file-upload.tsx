import { Alert, Button, Group, Input, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { errorText } from './rx-format';

/** Files the prescriber can read: photos and PDFs. */
const accepted = 'image/jpeg,image/png,image/heic,image/webp,application/pdf';

/**
 * A labelled file field and its Upload button (a native file input, so the label names it for
 * every reader). `upload` sends the file; the caller refreshes what depends on it.
 */
export function RxFileUpload({
  label,
  description,
  upload,
  onUploaded,
  testId,
}: {
  label: string;
  description?: string | undefined;
  upload: (file: File) => Promise<unknown>;
  onUploaded: () => void;
  testId: string;
}) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const send = useMutation({
    mutationFn: (chosen: File) => upload(chosen),
    onSuccess: () => {
      setFile(null);
      if (input.current) input.current.value = '';
      onUploaded();
    },
  });
  return (
    <Stack gap={6} data-testid={testId}>
      <Input.Wrapper
        label={label}
        description={description ?? t('rxScreens.upload.file')}
        id={`${id}-wrapper`}
        labelProps={{ htmlFor: id }}
        descriptionProps={{ id: `${id}-description` }}
      >
        <input
          ref={input}
          id={id}
          type="file"
          accept={accepted}
          aria-describedby={`${id}-description`}
          onChange={(event) => {
            setFile(event.currentTarget.files?.[0] ?? null);
            send.reset();
          }}
          style={{ display: 'block', marginTop: 6, maxWidth: '100%' }}
        />
      </Input.Wrapper>
      <Group gap="xs">
        <Button
          size="sm"
          disabled={!file}
          loading={send.isPending}
          onClick={() => {
            if (file) send.mutate(file);
          }}
        >
          {t('rxUi.upload.send')}
        </Button>
        {send.isSuccess ? (
          <Text size="sm" c="green.9" role="status">
            {t('rxScreens.upload.uploaded')}
          </Text>
        ) : null}
      </Group>
      {send.isError ? (
        <Alert color="red" role="alert">
          {t('rxScreens.upload.failed', { message: errorText(t, send.error) })}
        </Alert>
      ) : null}
    </Stack>
  );
}
