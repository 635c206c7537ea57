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
  'payments.cardOnFile': 'This card is already saved.',
  'payments.description.visit': 'Video visit: {reason}',
  'payments.description.care': 'care',
  'payments.description.subscriptionPlan': 'Subscription: {plan}, {period}',
  'payments.description.subscriptionRx.one': 'Medication subscription, {months} month',
  'payments.description.subscriptionRx.other': 'Medication subscription, {months} months',
  'payments.description.renewal': 'Renewal. {what}',
  'payments.transactionsFailed': 'Unable to get transactions: {message}',
  'payments.coupon.errorTitle': 'Coupon Code Error',
  'payments.coupon.addedTitle': 'Coupon Code Added',
  'payments.coupon.defaultPriceRestoredTitle': 'Default Price Restored',
  'payments.coupon.cannotBeUsed': 'Coupon code cannot be used.',
  'payments.priceChanged': 'The price changed. Please review the new price before you pay.',
  'payments.idempotencyMismatch': 'This payment was already started with a different amount.',
  'payments.inProgress': 'This payment is still being processed. Please wait a moment.',
  'payments.notCharged':
    'Your payment did not go through, and nothing was charged. Please try again.',
  'payments.receipt.title': 'Receipt',
  'payments.receipt.invoice': 'Invoice {invoice}',
  'payments.receipt.date': 'Date: {date}',
  'payments.receipt.description': 'Description: {description}',
  'payments.receipt.card': 'Card: {brand} ending in {last4} ({holder})',
  'payments.receipt.credit': 'Credit applied: {amount}',
  'payments.receipt.charged': 'Charged to card: {amount}',
  'payments.receipt.total': 'Total: {amount}',
  'payments.receipt.transaction': 'Transaction {transId}, {status}',
  'payments.receipt.refund': 'Refund',
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
  'payments.cardOnFile': 'Esta tarjeta ya está guardada.',
  'payments.description.visit': 'Consulta por video: {reason}',
  'payments.description.care': 'consulta',
  'payments.description.subscriptionPlan': 'Suscripción: {plan}, {period}',
  'payments.description.subscriptionRx.one': 'Suscripción de medicamento, {months} mes',
  'payments.description.subscriptionRx.other': 'Suscripción de medicamento, {months} meses',
  'payments.description.renewal': 'Renovación. {what}',
  'payments.transactionsFailed': 'No se pudieron obtener las transacciones: {message}',
  'payments.coupon.errorTitle': 'Error en el código de cupón',
  'payments.coupon.addedTitle': 'Código de cupón agregado',
  'payments.coupon.defaultPriceRestoredTitle': 'Precio predeterminado restablecido',
  'payments.coupon.cannotBeUsed': 'El código de cupón no se puede usar.',
  'payments.priceChanged': 'El precio cambió. Revise el nuevo precio antes de pagar.',
  'payments.idempotencyMismatch': 'Este pago ya se inició con un importe diferente.',
  'payments.inProgress': 'Este pago todavía se está procesando. Espere un momento.',
  'payments.notCharged': 'Su pago no se procesó y no se le cobró nada. Inténtelo de nuevo.',
  'payments.receipt.title': 'Recibo',
  'payments.receipt.invoice': 'Factura {invoice}',
  'payments.receipt.date': 'Fecha: {date}',
  'payments.receipt.description': 'Descripción: {description}',
  'payments.receipt.card': 'Tarjeta: {brand} terminada en {last4} ({holder})',
  'payments.receipt.credit': 'Crédito aplicado: {amount}',
  'payments.receipt.charged': 'Cargado a la tarjeta: {amount}',
  'payments.receipt.total': 'Total: {amount}',
  'payments.receipt.transaction': 'Transacción {transId}, {status}',
  'payments.receipt.refund': 'Reembolso',
};

export const paymentsMessages = { en, es };
export { en as paymentsMessagesEn, es as paymentsMessagesEs };
export type PaymentsMessageKey = keyof typeof en;
