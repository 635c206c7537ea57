import { ComingSoon } from '../../../components/coming-soon';

export function TermsScreen() {
  return <ComingSoon screen="terms-screen" />;
}
