import { ComingSoon } from '../../../components/coming-soon';

export function AddDependentScreen() {
  return <ComingSoon screen="add-dependent-screen" />;
}
