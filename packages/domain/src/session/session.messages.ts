/** Session texts: auto-logout, biometric login (spec sections 4 and 8). */
const en = {
  'session.autoLogout': 'Auto logout',
  'session.biometricFailed': '{method} login failed.',
  'session.biometric.touchId': 'Touch ID',
  'session.biometric.faceId': 'Face ID',
  'session.biometric.biometricId': 'Biometric ID',
  'session.biometric.login': 'Log in with {method}',
  'session.biometric.offerTitle': 'Log in with {method} next time?',
  'session.biometric.offerBody':
    'Your phone keeps a key to this account, and only your {method} opens it. You can turn it off in your profile.',
  'session.biometric.turnOn': 'Use {method}',
  'session.biometric.notNow': 'Not now',
  'session.biometric.on': '{method} login is on.',
  'session.biometric.turnOff': 'Turn off {method} login',
  'session.biometric.off': '{method} login is off.',
  'session.biometric.reason': 'Log in to {brand}',
  'session.biometric.nativeOnly': 'Biometric login is for the iOS and Android apps.',
  'session.reauth.title': 'Confirm it is you',
  'session.reauth.body': 'Enter your password to turn on {method} login on this device.',
  'session.reauth.submit': 'Continue',
  'session.reauth.cancel': 'Cancel',
  'session.devices.title': 'Devices that can log in',
  'session.devices.intro':
    'These devices can log in to your account with biometrics, without your password.',
  'session.devices.none': 'No device logs in with biometrics.',
  'session.devices.platform.cordova-ios': 'iOS app',
  'session.devices.platform.cordova-android': 'Android app',
  'session.devices.added': 'Turned on {date}',
  'session.devices.lastUsed': 'Last used {date}',
  'session.devices.neverUsed': 'Not used yet',
  'session.devices.remove': 'Remove',
  'session.devices.removeLabel': 'Remove: {device}, turned on {date}',
  'session.devices.removeConfirm':
    'Remove this device? It will need your password to log in again.',
  'session.devices.removed': 'The device can no longer log in with biometrics.',
  'session.devices.failed': 'The devices could not be loaded or changed. Please try again.',
} as const;

const es: Record<keyof typeof en, string> = {
  'session.autoLogout': 'Cierre de sesión automático',
  'session.biometricFailed': 'No se pudo iniciar sesión con {method}.',
  'session.biometric.touchId': 'Touch ID',
  'session.biometric.faceId': 'Face ID',
  'session.biometric.biometricId': 'identificación biométrica',
  'session.biometric.login': 'Iniciar sesión con {method}',
  'session.biometric.offerTitle': '¿Iniciar sesión con {method} la próxima vez?',
  'session.biometric.offerBody':
    'Su teléfono guarda una llave de esta cuenta y solo su {method} la abre. Puede desactivarlo en su perfil.',
  'session.biometric.turnOn': 'Usar {method}',
  'session.biometric.notNow': 'Ahora no',
  'session.biometric.on': 'El inicio de sesión con {method} está activado.',
  'session.biometric.turnOff': 'Desactivar el inicio de sesión con {method}',
  'session.biometric.off': 'El inicio de sesión con {method} está desactivado.',
  'session.biometric.reason': 'Iniciar sesión en {brand}',
  'session.biometric.nativeOnly':
    'El inicio de sesión biométrico es para las aplicaciones de iOS y Android.',
  'session.reauth.title': 'Confirme que es usted',
  'session.reauth.body':
    'Introduzca su contraseña para activar el inicio de sesión con {method} en este dispositivo.',
  'session.reauth.submit': 'Continuar',
  'session.reauth.cancel': 'Cancelar',
  'session.devices.title': 'Dispositivos que pueden iniciar sesión',
  'session.devices.intro':
    'Estos dispositivos pueden iniciar sesión en su cuenta con datos biométricos, sin su contraseña.',
  'session.devices.none': 'Ningún dispositivo inicia sesión con datos biométricos.',
  'session.devices.platform.cordova-ios': 'Aplicación de iOS',
  'session.devices.platform.cordova-android': 'Aplicación de Android',
  'session.devices.added': 'Activado el {date}',
  'session.devices.lastUsed': 'Último uso: {date}',
  'session.devices.neverUsed': 'Aún sin usar',
  'session.devices.remove': 'Eliminar',
  'session.devices.removeLabel': 'Eliminar: {device}, activado el {date}',
  'session.devices.removeConfirm':
    '¿Eliminar este dispositivo? Necesitará su contraseña para volver a iniciar sesión.',
  'session.devices.removed': 'El dispositivo ya no puede iniciar sesión con datos biométricos.',
  'session.devices.failed': 'No se pudieron cargar o cambiar los dispositivos. Inténtelo de nuevo.',
};

export const sessionMessages = { en, es };
export { en as sessionMessagesEn, es as sessionMessagesEs };
export type SessionMessageKey = keyof typeof en;
