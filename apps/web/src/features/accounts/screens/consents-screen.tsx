import { ComingSoon } from '../../../components/coming-soon';

export function ConsentsScreen() {
  return <ComingSoon screen="consents-screen" />;
}
