import { ComingSoon } from '../../../components/coming-soon';

export function ProfileScreen() {
  return <ComingSoon screen="profile-screen" />;
}
