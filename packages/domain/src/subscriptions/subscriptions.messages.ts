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
};

export const subscriptionsMessages = { en, es };
export { en as subscriptionsMessagesEn, es as subscriptionsMessagesEs };
export type SubscriptionsMessageKey = keyof typeof en;
