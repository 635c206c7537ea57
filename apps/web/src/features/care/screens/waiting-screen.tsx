import { ComingSoon } from '../../../components/coming-soon';

/** Placeholder: being built (issue 6). */
export function WaitingScreen() {
  return <ComingSoon screen="waiting" />;
}
