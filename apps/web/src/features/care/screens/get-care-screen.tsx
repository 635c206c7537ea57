import { ComingSoon } from '../../../components/coming-soon';

/** Placeholder: being built (issue 6). */
export function GetCareScreen() {
  return <ComingSoon screen="care" />;
}
