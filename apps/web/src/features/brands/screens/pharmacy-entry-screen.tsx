import { ComingSoon } from '../../../components/coming-soon';

export function PharmacyEntryScreen() {
  return <ComingSoon screen="pharmacy-entry-screen" />;
}
