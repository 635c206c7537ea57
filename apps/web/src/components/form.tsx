import type { ComponentPropsWithoutRef } from 'react';

/**
 * A form the screen checks itself (noValidate: the browser's own bubbles never show);
 * submitting (Enter or a submit button) calls `onSubmit` and never reloads the page.
 */
export function Form({
  onSubmit,
  children,
  ...rest
}: Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit' | 'noValidate'> & { onSubmit: () => void }) {
  return (
    <form
      noValidate
      {...rest}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
