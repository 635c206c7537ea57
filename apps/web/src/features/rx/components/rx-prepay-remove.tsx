import { Button } from '@mantine/core';
import { useT } from '../../../lib/i18n';

/** 'Remove code' for the prepay code held or applied, named with the code for screen readers. */
export function RxPrepayRemove({ code, onRemove }: { code: string; onRemove: () => void }) {
  const t = useT();
  return (
    <Button
      size="xs"
      variant="default"
      onClick={onRemove}
      aria-label={t('prepayRedeem.removeLabel', { code })}
      data-testid="rx-prepay-remove"
    >
      {t('prepayRedeem.remove')}
    </Button>
  );
}
