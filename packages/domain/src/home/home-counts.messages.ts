/**
 * Texts of the counts on a staff member's Home (home-counts.rules.ts).
 */
const en = {
  'homeCounts.title': 'To act on',
  'homeCounts.lead': 'How many of each thing wait for you. Each opens the screen where it is done.',
  'homeCounts.loadFailed': 'The counts could not be loaded.',
  'homeCounts.key.videoWaiting': 'Video visits waiting',
  'homeCounts.key.rxWaiting': 'Rx visits waiting for review',
  'homeCounts.key.rxChangeRequests': 'Pharmacy change requests',
  'homeCounts.key.rxUnclaimed': 'Unclaimed Rx visits',
  'homeCounts.key.rxUnclaimedUnseen': 'Unclaimed, not opened yet',
  'homeCounts.key.subscribersRenewalDeclined': 'Subscribers whose renewal was declined',
  'homeCounts.key.subscribersRenewingSoon': 'Subscribers renewing within 7 days',
  'homeCounts.key.stuckVisits': 'Stuck visits',
  'homeCounts.key.pharmaciesUnverified': 'Pharmacies awaiting verification',
  'homeCounts.key.failedJobs': 'Failed background jobs',
};

const es: Record<keyof typeof en, string> = {
  'homeCounts.title': 'Pendiente',
  'homeCounts.lead':
    'Cuántos asuntos de cada tipo le esperan. Cada uno abre la pantalla donde se atiende.',
  'homeCounts.loadFailed': 'No se pudieron cargar los recuentos.',
  'homeCounts.key.videoWaiting': 'Consultas por video en espera',
  'homeCounts.key.rxWaiting': 'Consultas Rx en espera de revisión',
  'homeCounts.key.rxChangeRequests': 'Solicitudes de cambio de farmacias',
  'homeCounts.key.rxUnclaimed': 'Consultas Rx sin reclamar',
  'homeCounts.key.rxUnclaimedUnseen': 'Sin reclamar y sin abrir',
  'homeCounts.key.subscribersRenewalDeclined': 'Suscriptores con la renovación rechazada',
  'homeCounts.key.subscribersRenewingSoon': 'Suscriptores que renuevan en 7 días',
  'homeCounts.key.stuckVisits': 'Consultas detenidas',
  'homeCounts.key.pharmaciesUnverified': 'Farmacias por verificar',
  'homeCounts.key.failedJobs': 'Tareas en segundo plano fallidas',
};

export const homeCountsMessages = { en, es };
export { en as homeCountsMessagesEn, es as homeCountsMessagesEs };
