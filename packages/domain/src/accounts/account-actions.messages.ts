/**
 * Profile, password, dependent, location and notification toasts and dialogs (spec section 8).
 * 'Dependent added' is gendered in Spanish, so it has a masculine and a feminine key.
 * Load-error toasts name the action that failed, like the spec's setCurrentUserData.
 */
const en = {
  'accountActions.passwordChangeFailed': 'Unable to change password: {message}',
  'accountActions.passwordChanged': 'Password Changed',
  'accountActions.updateUserFailed': 'Unable to update user data (setCurrentUserData): {message}',
  'accountActions.accountUpdated': 'Account information updated',
  'accountActions.addDependentFailed': 'Unable to add dependent (addUser): {message}',
  'accountActions.dependentAdded.masculine': 'Dependent added',
  'accountActions.dependentAdded.feminine': 'Dependent added',
  'accountActions.setConsultLocationFailed': 'action setConsultLocation {message}',
  'accountActions.notifications.activateFailed.title': 'Unable to Activate Notifications',
  'accountActions.notifications.activateFailed.body': 'Please allow notifications in Settings.',
  'accountActions.notifications.activated': 'Notifications activated.',
  'accountActions.passwordReset.requested.title': 'Reset Request Received',
  'accountActions.passwordReset.requested.body':
    'We have sent an email containing the link to reset your password.',
  'accountActions.passwordReset.failed': '{message} {email}',
  'accountActions.passwordReset.invalidCode':
    'Password reset code is not valid. Your password cannot be changed with this link.',
  'accountActions.passwordReset.notChanged': 'Password was not changed.',
  'accountActions.loadFailed.profile': 'Unable to load profile (getProfile): {message}',
  'accountActions.loadFailed.dependents': 'Unable to load dependents (getDependents): {message}',
  'accountActions.loadFailed.notes': 'Unable to load notes (getNotes): {message}',
  'accountActions.loadFailed.appointments':
    'Unable to load appointments (getScheduledAppointments): {message}',
  'accountActions.loadFailed.availability':
    'Unable to load availability (getAvailability): {message}',
  'accountActions.loadFailed.version': 'Unable to load version (getVersion): {message}',
  'accountActions.loadFailed.prepays': 'Unable to load prepays (getPrepays): {message}',
  'accountActions.loadFailed.subscriptions':
    'Unable to load subscriptions (getSubscriptions): {message}',
} as const;

const es: Record<keyof typeof en, string> = {
  'accountActions.passwordChangeFailed': 'No se pudo cambiar la contraseña: {message}',
  'accountActions.passwordChanged': 'Contraseña cambiada',
  'accountActions.updateUserFailed':
    'No se pudieron actualizar los datos del usuario (setCurrentUserData): {message}',
  'accountActions.accountUpdated': 'Información de la cuenta actualizada',
  'accountActions.addDependentFailed': 'No se pudo agregar el dependiente (addUser): {message}',
  'accountActions.dependentAdded.masculine': 'Dependiente agregado',
  'accountActions.dependentAdded.feminine': 'Dependiente agregada',
  'accountActions.setConsultLocationFailed': 'acción setConsultLocation {message}',
  'accountActions.notifications.activateFailed.title': 'No se pudieron activar las notificaciones',
  'accountActions.notifications.activateFailed.body':
    'Permita las notificaciones en Configuración.',
  'accountActions.notifications.activated': 'Notificaciones activadas.',
  'accountActions.passwordReset.requested.title': 'Solicitud de restablecimiento recibida',
  'accountActions.passwordReset.requested.body':
    'Le enviamos un correo electrónico con el enlace para restablecer su contraseña.',
  'accountActions.passwordReset.failed': '{message} {email}',
  'accountActions.passwordReset.invalidCode':
    'El código para restablecer la contraseña no es válido. No puede cambiar su contraseña con este enlace.',
  'accountActions.passwordReset.notChanged': 'No se cambió la contraseña.',
  'accountActions.loadFailed.profile': 'No se pudo cargar el perfil (getProfile): {message}',
  'accountActions.loadFailed.dependents':
    'No se pudieron cargar los dependientes (getDependents): {message}',
  'accountActions.loadFailed.notes': 'No se pudieron cargar las notas (getNotes): {message}',
  'accountActions.loadFailed.appointments':
    'No se pudieron cargar las citas (getScheduledAppointments): {message}',
  'accountActions.loadFailed.availability':
    'No se pudo cargar la disponibilidad (getAvailability): {message}',
  'accountActions.loadFailed.version': 'No se pudo cargar la versión (getVersion): {message}',
  'accountActions.loadFailed.prepays': 'No se pudieron cargar los prepagos (getPrepays): {message}',
  'accountActions.loadFailed.subscriptions':
    'No se pudieron cargar las suscripciones (getSubscriptions): {message}',
};

export const accountActionsMessages = { en, es };
export { en as accountActionsMessagesEn, es as accountActionsMessagesEs };
export type AccountActionsMessageKey = keyof typeof en;
