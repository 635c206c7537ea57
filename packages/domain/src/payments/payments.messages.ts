/**
 * Card, transaction and coupon texts (spec section 8). Card validation texts belong to
 * validation.messages.ts and are not repeated here.
 */
const en = {
  'payments.declined': 'Declined: This transaction has been declined.',
  'payments.declinedAvsMismatch':
    'Declined: This transaction has been declined because of an AVS mismatch. The address provided does not match billing address of cardholder.',
  'payments.cardAdded.title': 'Payment Added',
  'payments.cardAdded.body':
    'Your credit card information has been added. Your card has NOT BEEN CHARGED.',
  'payments.cardDeleteFailed': 'Unable to delete card: {message}',
  'payments.cardDeleted': 'Credit Card deleted',
  'payments.transactionsFailed': 'Unable to get transactions: {message}',
  'payments.coupon.errorTitle': 'Coupon Code Error',
  'payments.coupon.addedTitle': 'Coupon Code Added',
  'payments.coupon.defaultPriceRestoredTitle': 'Default Price Restored',
  'payments.coupon.cannotBeUsed': 'Coupon code cannot be used.',
} as const;

const es: Record<keyof typeof en, string> = {
  'payments.declined': 'Rechazada: esta transacción ha sido rechazada.',
  'payments.declinedAvsMismatch':
    'Rechazada: esta transacción ha sido rechazada porque la dirección no coincide (AVS). La dirección proporcionada no coincide con la dirección de facturación del titular de la tarjeta.',
  'payments.cardAdded.title': 'Pago agregado',
  'payments.cardAdded.body':
    'Se agregó la información de su tarjeta de crédito. NO SE HA REALIZADO NINGÚN CARGO a su tarjeta.',
  'payments.cardDeleteFailed': 'No se pudo eliminar la tarjeta: {message}',
  'payments.cardDeleted': 'Tarjeta de crédito eliminada',
  'payments.transactionsFailed': 'No se pudieron obtener las transacciones: {message}',
  'payments.coupon.errorTitle': 'Error en el código de cupón',
  'payments.coupon.addedTitle': 'Código de cupón agregado',
  'payments.coupon.defaultPriceRestoredTitle': 'Precio predeterminado restablecido',
  'payments.coupon.cannotBeUsed': 'El código de cupón no se puede usar.',
};

export const paymentsMessages = { en, es };
export type PaymentsMessageKey = keyof typeof en;
