import { link } from '@apothecall/domain/navigation/links';
import type { Note } from '@apothecall/domain/notes/notes.schemas';
import {
  Button,
  Card,
  Divider,
  Flex,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useBrandState } from '../../../lib/brand-store';
import { useLang, useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-store';
import { useDownloadNotePdf } from '../api/download-note-pdf';
import { useNote } from '../api/get-note';
import {
  failureMessage,
  formatNoteDate,
  formatNoteTime,
  saveBlob,
} from '../components/note-format';

/**
 * Printing shows the note only: the app header, footer and the screen's buttons are hidden,
 * the main area loses the header's offset, and the card prints without a frame.
 */
const printCss = `
@media print {
  [data-app-header], [data-print-hide], footer { display: none !important; }
  [data-app-main] { padding-top: 0 !important; min-height: 0 !important; }
  [data-screen="note"] { max-width: none !important; padding: 0 !important; }
  [data-note] { border: none !important; box-shadow: none !important; padding: 0 !important; }
  [data-note-body] { font-size: 11pt; }
}
`;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Text size="sm" fw={700} component="dt" style={{ flexShrink: 0 }}>
        {label}:
      </Text>
      <Text size="sm" component="dd" m={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/** The brand the note is printed under: its logo and name (the header is hidden in print). */
function BrandLine() {
  const t = useT();
  const brand = useBrandState();
  const name = brand.name ?? t('shell.appName');
  return (
    <Group gap="xs" wrap="nowrap">
      <Image
        src={brand.logo}
        alt={t('brands.logoAlt', { brand: name })}
        w={28}
        h={28}
        fit="contain"
      />
      <Text fw={700} size="lg">
        {name}
      </Text>
    </Group>
  );
}

/** The provider's printed credential block: name, address, phone, fax, NPI, client number. */
function CredentialBlock({ note }: { note: Note }) {
  const t = useT();
  const { address, fax, npi, clientNumber } = note.providerCredential;
  return (
    <Stack gap={2} component="section" aria-labelledby="note-credential-heading">
      <Text id="note-credential-heading" fw={700} component="h2" size="md" m={0}>
        {note.provider}
      </Text>
      <Text size="sm" component="address" style={{ fontStyle: 'normal' }}>
        {(['name', 'line1', 'line2'] as const)
          .filter((part) => address[part])
          .map((part) => (
            <span key={part} style={{ display: 'block', overflowWrap: 'anywhere' }}>
              {address[part]}
            </span>
          ))}
      </Text>
      <Flex wrap="wrap" columnGap="md" rowGap={2}>
        {address.phone ? (
          <Text size="sm">{t('notes.credential.phone', { phone: address.phone })}</Text>
        ) : null}
        {fax ? <Text size="sm">{t('notes.credential.fax', { fax })}</Text> : null}
      </Flex>
      <Flex wrap="wrap" columnGap="md" rowGap={2}>
        <Text size="sm">{t('notes.credential.npi', { npi })}</Text>
        {clientNumber ? (
          <Text size="sm">{t('notes.credential.clientNumber', { clientNumber })}</Text>
        ) : null}
      </Flex>
    </Stack>
  );
}

function NoteBody({ note }: { note: Note }) {
  const t = useT();
  const lang = useLang();
  const session = useSession();
  const patient = session?.profile.users.find((user) => user.id === note.ptId);
  const download = useDownloadNotePdf({
    onSuccess: (blob) => saveBlob(blob, `note-${note.date}.pdf`),
    onError: (error) => {
      notifications.show({
        color: 'red',
        message: t('notes.note.downloadFailed', { message: failureMessage(t, error) }),
      });
    },
  });
  return (
    <>
      <Card withBorder radius="md" p={{ base: 'sm', xs: 'lg' }} data-note>
        <Stack gap="sm">
          <BrandLine />
          <CredentialBlock note={note} />
          <Divider />
          <Stack gap={4} component="dl" m={0}>
            {patient ? <Row label={t('notes.label.patient')}>{patient.name}</Row> : null}
            <Row label={t('notes.label.date')}>
              <time dateTime={`${note.date}T${note.time}`}>
                {formatNoteDate(note.date, lang)}, {formatNoteTime(note.time, lang)}
              </time>
            </Row>
            <Row label={t('notes.label.provider')}>{note.provider}</Row>
            {note.author && note.author !== note.provider ? (
              <Row label={t('notes.label.author')}>{note.author}</Row>
            ) : null}
            <Row label={t('notes.label.subject')}>{note.subject || t('notes.noSubject')}</Row>
          </Stack>
          <Divider />
          <Stack gap={4} component="section" aria-labelledby="note-body-heading">
            <Text id="note-body-heading" fw={700} component="h2" size="md" m={0}>
              {t('notes.label.body')}
            </Text>
            <Text data-note-body style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {note.body}
            </Text>
          </Stack>
        </Stack>
      </Card>
      <Group gap="xs" data-print-hide>
        <Button onClick={() => window.print()}>{t('notes.note.print')}</Button>
        <Button
          variant="light"
          loading={download.isPending}
          onClick={() => download.mutate({ id: note.id, offlineMessage: t('errors.network') })}
        >
          {t('notes.note.download')}
        </Button>
      </Group>
    </>
  );
}

/** A single note (spec section 2, /notes/{id}): printable, and as a PDF. */
export function NoteScreen() {
  const t = useT();
  const { id = '' } = useParams();
  const note = useNote(id, { retry: false });
  const error = note.error;

  useEffect(() => {
    if (!error) return;
    notifications.show({
      id: 'note-failed',
      color: 'red',
      message: t('notes.note.loadFailed', { message: failureMessage(t, error) }),
    });
  }, [error, t]);

  return (
    <Stack p="md" maw={720} mx="auto" w="100%" data-screen="note">
      <style>{printCss}</style>
      <Title order={1} size="h2">
        {t('notes.note.title')}
      </Title>
      {note.isPending ? <Loader role="status" size="sm" aria-label={t('shell.loading')} /> : null}
      {note.data ? <NoteBody note={note.data} /> : null}
      <Button component={Link} to={link('/notes')} variant="subtle" w="fit-content" data-print-hide>
        {t('notes.note.back')}
      </Button>
    </Stack>
  );
}
