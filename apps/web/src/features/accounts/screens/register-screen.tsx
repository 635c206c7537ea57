import { ComingSoon } from '../../../components/coming-soon';

export function RegisterScreen() {
  return <ComingSoon screen="register-screen" />;
}
