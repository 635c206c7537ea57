/**
 * How a destructive action looks: red but secondary, never a filled
 * button, so it does not read as the main way forward ('Voided', 'Cancel and refund', delete,
 * revoke, remove). Light red with dark red text (readable: axe colour contrast), spread on a
 * Mantine Button: `<Button {...dangerButton}>`. The filled (primary) look is kept for the main
 * forward action of a screen or dialog. A destructive action is confirmed before it is done (a
 * dialog, or a form that takes a reason).
 */
export const dangerButton = { variant: 'light', color: 'red', c: 'red.9' } as const;
