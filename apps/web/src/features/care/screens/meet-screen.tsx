import { ComingSoon } from '../../../components/coming-soon';

/** Placeholder: being built (issue 6). */
export function MeetScreen() {
  return <ComingSoon screen="meet" />;
}
