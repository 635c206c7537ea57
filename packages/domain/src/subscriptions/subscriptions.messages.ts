/** Subscription texts (spec sections 4 and 9). Prices are filled in as {price}. */
const en = {
  'subscriptions.status.active': 'Active',
  'subscriptions.status.inactive': 'Inactive',
  'subscriptions.status.cancelled': 'Cancelled',
  'subscriptions.cancelledNotice':
    'Your subscription is cancelled and will not renew until you uncancel it.',
  'subscriptions.cancel': 'Cancel subscription',
  'subscriptions.uncancel': 'Uncancel subscription',
  'subscriptions.renewsOn': 'Renews on {date}',
  'subscriptions.endsOn': 'Ends on {date}',
  'subscriptions.plan.individual': 'Individual plan',
  'subscriptions.plan.family': 'Family plan',
  'subscriptions.period.semiannual': 'Billed every 6 months',
  'subscriptions.period.annual': 'Billed annually',
  'subscriptions.period.quarterly': 'Billed quarterly',
  'subscriptions.price.subscriberVisit': '{price} per visit for the subscriber',
  'subscriptions.price.familyMemberVisit': '{price} for family members of an individual plan',
  'subscriptions.price.monthly': '{price} per month billed annually or every 6 months',
  'subscriptions.annualFreeMonth': 'One month free on annual billing',
  'subscriptions.notCancelled': 'Subscription was not cancelled',
  'subscriptions.notUncancelled': 'Subscription was not uncancelled',
  'subscriptions.notPurchased': 'Subscription was not purchased',
  'subscriptions.notActive': 'You have no subscription in force.',
  'subscriptions.alreadyActive': 'You already have a subscription in force.',
  'subscriptions.inProgress':
    'Another purchase of this subscription is being completed. Check your subscriptions in a moment.',
  'subscriptions.notSold': 'Subscriptions are not available here.',
  'subscriptions.unknownPlan': 'This plan is not available.',
  'subscriptions.unknownService': 'This service is not available.',
  'subscriptions.notRefundable': 'There is no charge to refund.',
  'subscriptions.mail.receipt.subject': 'Your subscription was renewed',
  'subscriptions.mail.receipt.body':
    'Your subscription was renewed: {amount} was charged to your card ending in {last4}. Next renewal: {date}. You can see the receipt under Transactions.',
  'subscriptions.mail.retry.subject': 'We could not renew your subscription',
  'subscriptions.mail.retry.body':
    'Your card was declined when we tried to renew your subscription. We will try again on {date}. You can add another card under Payments.',
  'subscriptions.mail.inactive.subject': 'Your subscription is inactive',
  'subscriptions.mail.inactive.body':
    'We could not renew your subscription after {attempts} attempts, so it is now inactive. You can buy it again at any time.',
} as const;

const es: Record<keyof typeof en, string> = {
  'subscriptions.status.active': 'Activa',
  'subscriptions.status.inactive': 'Inactiva',
  'subscriptions.status.cancelled': 'Cancelada',
  'subscriptions.cancelledNotice':
    'Su suscripción está cancelada y no se renovará hasta que anule la cancelación.',
  'subscriptions.cancel': 'Cancelar suscripción',
  'subscriptions.uncancel': 'Anular la cancelación',
  'subscriptions.renewsOn': 'Se renueva el {date}',
  'subscriptions.endsOn': 'Termina el {date}',
  'subscriptions.plan.individual': 'Plan individual',
  'subscriptions.plan.family': 'Plan familiar',
  'subscriptions.period.semiannual': 'Facturación cada 6 meses',
  'subscriptions.period.annual': 'Facturación anual',
  'subscriptions.period.quarterly': 'Facturación trimestral',
  'subscriptions.price.subscriberVisit': '{price} por consulta para el suscriptor',
  'subscriptions.price.familyMemberVisit': '{price} para los familiares de un plan individual',
  'subscriptions.price.monthly': '{price} al mes con facturación anual o cada 6 meses',
  'subscriptions.annualFreeMonth': 'Un mes gratis con la facturación anual',
  'subscriptions.notCancelled': 'No se canceló la suscripción',
  'subscriptions.notUncancelled': 'No se anuló la cancelación de la suscripción',
  'subscriptions.notPurchased': 'No se compró la suscripción',
  'subscriptions.notActive': 'No tiene una suscripción vigente.',
  'subscriptions.alreadyActive': 'Ya tiene una suscripción vigente.',
  'subscriptions.inProgress':
    'Se está completando otra compra de esta suscripción. Revise sus suscripciones en un momento.',
  'subscriptions.notSold': 'Las suscripciones no están disponibles aquí.',
  'subscriptions.unknownPlan': 'Este plan no está disponible.',
  'subscriptions.unknownService': 'Este servicio no está disponible.',
  'subscriptions.notRefundable': 'No hay ningún cargo que reembolsar.',
  'subscriptions.mail.receipt.subject': 'Su suscripción se renovó',
  'subscriptions.mail.receipt.body':
    'Su suscripción se renovó: se cobraron {amount} a su tarjeta terminada en {last4}. Próxima renovación: {date}. Puede ver el recibo en Transacciones.',
  'subscriptions.mail.retry.subject': 'No pudimos renovar su suscripción',
  'subscriptions.mail.retry.body':
    'Su tarjeta fue rechazada al renovar su suscripción. Lo intentaremos de nuevo el {date}. Puede agregar otra tarjeta en Pagos.',
  'subscriptions.mail.inactive.subject': 'Su suscripción está inactiva',
  'subscriptions.mail.inactive.body':
    'No pudimos renovar su suscripción después de {attempts} intentos, por lo que ahora está inactiva. Puede comprarla de nuevo cuando quiera.',
};

export const subscriptionsMessages = { en, es };
export { en as subscriptionsMessagesEn, es as subscriptionsMessagesEs };
export type SubscriptionsMessageKey = keyof typeof en;
