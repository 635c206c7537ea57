import { ComingSoon } from '../../../components/coming-soon';

export function ResetPasswordScreen() {
  return <ComingSoon screen="reset-password-screen" />;
}
