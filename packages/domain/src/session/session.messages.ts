/** Session texts: auto-logout, biometric login (spec sections 4 and 8). */
const en = {
  'session.autoLogout': 'Auto logout',
  'session.biometricFailed': '{method} login failed.',
  'session.biometric.touchId': 'Touch ID',
  'session.biometric.faceId': 'Face ID',
  'session.biometric.biometricId': 'Biometric ID',
} as const;

const es: Record<keyof typeof en, string> = {
  'session.autoLogout': 'Cierre de sesión automático',
  'session.biometricFailed': 'No se pudo iniciar sesión con {method}.',
  'session.biometric.touchId': 'Touch ID',
  'session.biometric.faceId': 'Face ID',
  'session.biometric.biometricId': 'identificación biométrica',
};

export const sessionMessages = { en, es };
export { en as sessionMessagesEn, es as sessionMessagesEs };
export type SessionMessageKey = keyof typeof en;
