import type { AccessTokenState } from '@apothecall/domain/prepay/access-token.rules';
import { StatusChip } from '../../../components/status-chip';
import { useT } from '../../../lib/i18n';
import { tokenStateColours, tokenStateKeys } from './prepay-format';

/**
 * An access token's state as a chip (components/status-chip): its label (the spec's words)
 * with a coloured dot beside it, so the colour is never the only sign. The state is in
 * data-state for tests.
 */
export function TokenStateChip({ state }: { state: AccessTokenState }) {
  const t = useT();
  return (
    <StatusChip
      label={t(tokenStateKeys[state])}
      colour={tokenStateColours[state]}
      data-testid="prepay-token-state"
      data-state={state}
    />
  );
}
