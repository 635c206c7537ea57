import type { FamilyMember } from '@apothecall/domain/accounts/accounts.schemas';
import { link } from '@apothecall/domain/navigation/links';
import { Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/section-card';
import { useLang, useT } from '../../../lib/i18n';
import { useRecentNotes } from '../api/get-notes-page';
import { failureMessage, formatNoteDate, todayIso } from './note-format';

const shown = 3;

/** A patient's Home: the current person's latest notes, each a link, and the way to all. */
export function RecentNotesCard({ person }: { person: FamilyMember }) {
  const t = useT();
  const lang = useLang();
  const notes = useRecentNotes({ uid: person.id, startDate: '1900-01-01', endDate: todayIso() });
  const latest = notes.data?.notes.slice(0, shown) ?? [];
  return (
    <SectionCard title={t('notes.recent.title')}>
      {notes.isPending ? <Loader role="status" size="sm" aria-label={t('shell.loading')} /> : null}
      {notes.isError ? (
        <Text size="sm" c="red.9" role="alert">
          {t('accountActions.loadFailed.notes', { message: failureMessage(t, notes.error) })}
        </Text>
      ) : null}
      {notes.isSuccess && latest.length === 0 ? <Text size="sm">{t('notes.empty')}</Text> : null}
      {latest.length > 0 ? (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
          {latest.map((note) => (
            <li key={note.id}>
              <Anchor component={Link} to={link('/notes/:id', { id: note.id })} size="sm">
                {note.subject || t('notes.noSubject')}
              </Anchor>
              <Text span size="sm" c="dimmed">
                {' · '}
                {formatNoteDate(note.date, lang)}
              </Text>
            </li>
          ))}
        </Stack>
      ) : null}
      <Button component={Link} to={link('/notes')} variant="light" w="fit-content">
        {t('notes.recent.all')}
      </Button>
    </SectionCard>
  );
}
