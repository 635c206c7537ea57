import { useCallback, useState } from 'react';

/**
 * A form's state, the same in every form: the draft the person is typing, the refusals shown
 * under its fields, and the rule that changing a field clears its own refusal (and no other).
 * The form keeps its own checks (each area's `check…` in its rules) and its own submit; it calls
 * `refuse(errors)` when a check fails and `reset()` after a save. `E` is what a refusal holds: a
 * message key in most forms, a ready text in a few.
 */
export function useDraft<D extends object, E = string, F extends PropertyKey = keyof D>(
  initial: D | (() => D),
) {
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<Partial<Record<F | keyof D, E>>>({});

  /** Sets one field and clears its refusal. */
  const set = useCallback(<K extends keyof D>(field: K, value: D[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) =>
      current[field] === undefined ? current : { ...current, [field]: undefined },
    );
  }, []);

  /** Clears one refusal (a field the draft does not hold, such as a chosen file). */
  const clear = useCallback((field: F | keyof D) => {
    setErrors((current) =>
      current[field] === undefined ? current : { ...current, [field]: undefined },
    );
  }, []);

  /** Shows a failed check's refusals, replacing the ones shown. */
  const refuse = useCallback((found: Partial<Record<F | keyof D, E>>) => setErrors(found), []);

  /** Starts again: an empty (or given) draft and no refusal. */
  const reset = useCallback(
    (next?: D) => {
      setDraft(next ?? (typeof initial === 'function' ? (initial as () => D)() : initial));
      setErrors({});
    },
    [initial],
  );

  return { draft, setDraft, errors, set, clear, refuse, reset };
}
