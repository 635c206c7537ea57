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
};

export const sessionMessages = { en, es };
export { en as sessionMessagesEn, es as sessionMessagesEs };
export type SessionMessageKey = keyof typeof en;
