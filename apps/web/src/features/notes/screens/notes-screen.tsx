import type { FamilyMember } from '@apothecall/domain/accounts/accounts.schemas';
import { link } from '@apothecall/domain/navigation/links';
import type { NoteSummary } from '@apothecall/domain/notes/notes.api';
import { Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useLang, useT } from '../../../lib/i18n';
import { useCurrentPerson } from '../../../lib/session-store';
import { useNotesPages } from '../api/get-notes-page';
import {
  failureMessage,
  formatNoteDate,
  formatNoteTime,
  todayIso,
} from '../components/note-format';

/** The first day a page may reach back to: every note is on or after it. */
const earliestDay = '1900-01-01';

function NoteItem({ note }: { note: NoteSummary }) {
  const t = useT();
  const lang = useLang();
  const date = formatNoteDate(note.date, lang);
  const subject = note.subject || t('notes.noSubject');
  return (
    <Card withBorder radius="md" p="md" component="li" data-testid="note">
      <Stack gap={6}>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {subject}
        </Text>
        <Text size="sm" c="dimmed">
          <time dateTime={`${note.date}T${note.time}`}>
            {date}, {formatNoteTime(note.time, lang)}
          </time>
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('notes.byProvider', { provider: note.provider })}
        </Text>
        <Button
          component={Link}
          to={link('/notes/:id', { id: note.id })}
          variant="light"
          size="xs"
          w="fit-content"
          aria-label={t('notes.openLabel', { subject, date })}
        >
          {t('notes.open')}
        </Button>
      </Stack>
    </Card>
  );
}

function PersonNotes({ person }: { person: FamilyMember }) {
  const t = useT();
  // Pages run back from today on this device's calendar; each next page ends the day before
  // the oldest note shown (spec section 9: the end date follows the last note).
  const [firstEndDate] = useState(todayIso);
  const notes = useNotesPages(person.id, earliestDay, firstEndDate);
  const { error, isFetchNextPageError } = notes;

  useEffect(() => {
    if (!error) return;
    const message = failureMessage(t, error);
    notifications.show({
      id: isFetchNextPageError ? 'notes-older-failed' : 'notes-failed',
      color: 'red',
      message: isFetchNextPageError
        ? t('notes.olderFailed', { message })
        : t('accountActions.loadFailed.notes', { message }),
    });
  }, [error, isFetchNextPageError, t]);

  const all = notes.data?.pages.flatMap((page) => page.notes) ?? [];
  return (
    <>
      <Text c="dimmed">{t('notes.subtitle', { name: person.name })}</Text>
      {notes.isPending ? <Loader role="status" size="sm" aria-label={t('shell.loading')} /> : null}
      {notes.isSuccess && all.length === 0 ? <Text>{t('notes.empty')}</Text> : null}
      {all.length > 0 ? (
        <Stack
          component="ul"
          gap="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('notes.listLabel')}
        >
          {all.map((note) => (
            <NoteItem key={note.id} note={note} />
          ))}
        </Stack>
      ) : null}
      {notes.hasNextPage ? (
        <Group>
          <Button
            variant="default"
            loading={notes.isFetchingNextPage}
            onClick={() => void notes.fetchNextPage()}
          >
            {t('notes.loadOlder')}
          </Button>
        </Group>
      ) : null}
      {notes.isSuccess && all.length > 0 && !notes.hasNextPage ? (
        <Text size="sm" c="dimmed">
          {t('notes.noOlder')}
        </Text>
      ) : null}
    </>
  );
}

/** Notes (spec section 2, /notes): the current family member's visit notes, newest first. */
export function NotesScreen() {
  const t = useT();
  const person = useCurrentPerson();
  return (
    <Stack p="md" maw={720} mx="auto" w="100%" data-screen="notes">
      <Title order={1} size="h2">
        {t('notes.title')}
      </Title>
      {/* Keyed by person: switching the family member starts over from today. */}
      {person ? <PersonNotes key={person.id} person={person} /> : null}
    </Stack>
  );
}
