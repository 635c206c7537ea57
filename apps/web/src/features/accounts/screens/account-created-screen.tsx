import { ComingSoon } from '../../../components/coming-soon';

export function AccountCreatedScreen() {
  return <ComingSoon screen="account-created-screen" />;
}
