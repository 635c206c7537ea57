import { ComingSoon } from '../../../components/coming-soon';

/** Placeholder: being built (issue 6). */
export function NoteScreen() {
  return <ComingSoon screen="note" />;
}
