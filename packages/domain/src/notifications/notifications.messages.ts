/**
 * Notification texts: what a push says (generic, no health information; sent by the
 * server in the holder's language), the settings screen's texts and the spec's messages.
 */
const en = {
  'notifications.title': 'Apothecall',
  'notifications.kind.visitClaimed': 'A provider is ready for your visit.',
  'notifications.kind.newMessage': 'You have a new message',
  'notifications.kind.rxStatus': 'Your prescription visit has an update.',
  'notifications.kind.appointmentReminder': 'Your appointment starts soon.',
  'notifications.kind.pharmacyVisit': 'A new visit is waiting on your dashboard.',
  'notifications.kind.lowBalance': 'Your prepay balance is low.',
  'notifications.kind.announcement': 'There is a new announcement for your pharmacy.',
  'notifications.kind.formRequested': 'Your pharmacy asks you to sign a form.',
  'notifications.platformNotNative': 'Notification tokens are for the iOS and Android apps.',
  'notifications.tokenInvalid': 'This notification token is not valid.',
  'notifications.webPushOff': 'Web notifications are not set up on this server.',
  'notifications.endpointNotAllowed': 'This browser’s push service is not supported.',
  'notificationUi.heading': 'Notifications',
  'notificationUi.intro':
    'Get a notice when a provider is ready, a message arrives or a visit changes. Notices never show health details.',
  'notificationUi.toggle': 'Notifications',
  'notificationUi.on': 'On',
  'notificationUi.off': 'Off',
  'notificationUi.deniedTitle': 'Unable to Activate Notifications',
  'notificationUi.deniedBody': 'Please allow notifications in Settings.',
  'notificationUi.activated': 'Notifications activated.',
  'notificationUi.deactivated': 'Notifications turned off.',
  'notificationUi.unsupported': 'This browser cannot show notifications.',
  'notificationUi.failed': 'Could not turn notifications on: {message}',
  'notificationUi.offFailed': 'Could not turn notifications off: {message}',
  'notificationUi.subscribeFailed':
    'This browser could not sign up for notifications. Please try again later.',
  'notificationUi.subscribeTimedOut':
    'The notification service did not answer within {seconds} seconds. Check your connection and try again.',
  'notificationUi.loadFailed': 'Could not load your notification settings: {message}',
  'notificationUi.retry': 'Try again',
  'notificationUi.close': 'Close',
} as const;

const es: Record<keyof typeof en, string> = {
  'notifications.title': 'Apothecall',
  'notifications.kind.visitClaimed': 'Un proveedor está listo para su visita.',
  'notifications.kind.newMessage': 'Tiene un mensaje nuevo',
  'notifications.kind.rxStatus': 'Su visita de receta tiene una novedad.',
  'notifications.kind.appointmentReminder': 'Su cita comienza pronto.',
  'notifications.kind.pharmacyVisit': 'Una visita nueva espera en su panel.',
  'notifications.kind.lowBalance': 'Su saldo prepagado es bajo.',
  'notifications.kind.announcement': 'Hay un anuncio nuevo para su farmacia.',
  'notifications.kind.formRequested': 'Su farmacia le pide que firme un formulario.',
  'notifications.platformNotNative':
    'Los tokens de notificación son para las aplicaciones de iOS y Android.',
  'notifications.tokenInvalid': 'Este token de notificación no es válido.',
  'notifications.webPushOff': 'Las notificaciones web no están configuradas en este servidor.',
  'notifications.endpointNotAllowed':
    'El servicio de notificaciones de este navegador no es compatible.',
  'notificationUi.heading': 'Notificaciones',
  'notificationUi.intro':
    'Reciba un aviso cuando un proveedor esté listo, llegue un mensaje o cambie una visita. Los avisos nunca muestran datos de salud.',
  'notificationUi.toggle': 'Notificaciones',
  'notificationUi.on': 'Activadas',
  'notificationUi.off': 'Desactivadas',
  'notificationUi.deniedTitle': 'No se pudieron activar las notificaciones',
  'notificationUi.deniedBody': 'Permita las notificaciones en Configuración.',
  'notificationUi.activated': 'Notificaciones activadas.',
  'notificationUi.deactivated': 'Notificaciones desactivadas.',
  'notificationUi.unsupported': 'Este navegador no puede mostrar notificaciones.',
  'notificationUi.failed': 'No se pudieron activar las notificaciones: {message}',
  'notificationUi.offFailed': 'No se pudieron desactivar las notificaciones: {message}',
  'notificationUi.subscribeFailed':
    'Este navegador no pudo registrarse para recibir notificaciones. Inténtelo más tarde.',
  'notificationUi.subscribeTimedOut':
    'El servicio de notificaciones no respondió en {seconds} segundos. Revise su conexión e inténtelo de nuevo.',
  'notificationUi.loadFailed': 'No se pudo cargar su configuración de notificaciones: {message}',
  'notificationUi.retry': 'Intentar de nuevo',
  'notificationUi.close': 'Cerrar',
};

export const notificationsMessages = { en, es };
export { en as notificationsMessagesEn, es as notificationsMessagesEs };
