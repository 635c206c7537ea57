import { useEffect, useState } from 'react';

/**
 * `opened`, but false on the first render. A dialog fetched on demand mounts already asked to
 * open; mounting it closed and opening it on the next render lets Mantine's focus return (which
 * starts on an update, not on mount) remember the control that opened it.
 */
export function useOpenedAfterMount(opened: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(opened), [opened]);
  return shown;
}
