/** Texts of logging in and out (spec section 8 dictionary messages and the login screen). */
const en = {
  'accounts.login.unauthorized': 'Unauthorized. User Id or Password is incorrect.',
  'accounts.login.passwordExpired':
    'Your password has EXPIRED. Please select "Password Help" to reset your password.',
  'accounts.login.title': 'Log in',
  'accounts.login.loginId': 'E-mail or user id',
  'accounts.login.password': 'Password',
  'accounts.login.submit': 'Log in',
  'accounts.login.errorTitle': 'Error',
  'accounts.login.passwordHelp': 'Password Help',
  'accounts.login.register': 'Create an account',
  'accounts.logout.done': 'You have been logged out.',
  'accounts.home.welcome': 'Welcome, {name}',
  'accounts.home.subtitle': 'What would you like to do today?',
  'accounts.tfa.codeFormat': 'Enter the 6-digit code.',
  'accounts.tfa.required': 'Enter the 6-digit code we sent you. It is valid for 10 minutes.',
  'accounts.tfa.invalid': 'That code is not valid or has expired. Log in again to get a new one.',
  'accounts.tfa.tokenFormat': 'This login step is not valid. Log in again.',
  'accounts.tfa.loginExpired': 'This login has expired. Log in again to get a new code.',
  'accounts.password.wrongCurrent': 'The current password is not correct.',
  'accounts.consents.required': 'Please accept the current consent to treat and terms before care.',
  'accounts.dependent.notFound': 'That family member was not found on your account.',
  'accounts.location.unavailable': 'Service unavailable in {state}',
  'accounts.mail.reset.subject': '{brand}: reset your password',
  'accounts.mail.reset.body':
    'We received a request to reset your {brand} password. Open this link within 60 minutes to choose a new one: {link}\n\nIf you did not ask for this, you can ignore this message; your password stays the same.',
  'accounts.sms.reset': '{brand}: reset your password within 60 minutes: {link}',
  'accounts.mail.tfa.subject': '{brand}: your login code',
  'accounts.mail.tfa.body':
    'Your {brand} login code is {code}. It is valid for 10 minutes and works once.',
  'accounts.sms.tfa': '{brand} login code: {code} (valid 10 minutes)',
  'accounts.mail.exists.subject': '{brand}: someone tried to register with your e-mail',
  'accounts.mail.exists.body':
    'Someone tried to create a {brand} account with this e-mail address, which already has an account. If it was you, log in or use Password Help. If not, you can ignore this message.',
  'accounts.mail.welcome.subject': 'Welcome to {brand}',
  'accounts.mail.welcome.body':
    'Your {brand} account is ready. Log in to get care for you and your family.',
  'accounts.reauth.required': 'For your security, enter your password again.',
  'accounts.mail.newDevice.subject': '{brand}: a new device can sign in to your account',
  'accounts.mail.newDevice.body':
    'Biometric login was turned on for your {brand} account on a device ({device}) on {time}. That device can now log in without your password.\n\nIf this was you, there is nothing to do. If not, remove the device in your profile under "Devices that can log in" and change your password (a new password turns off every device).',
} as const;

const es: Record<keyof typeof en, string> = {
  'accounts.login.unauthorized': 'No autorizado. El usuario o la contraseña son incorrectos.',
  'accounts.login.passwordExpired':
    'Su contraseña ha CADUCADO. Seleccione "Ayuda con la contraseña" para restablecerla.',
  'accounts.login.title': 'Iniciar sesión',
  'accounts.login.loginId': 'Correo electrónico o usuario',
  'accounts.login.password': 'Contraseña',
  'accounts.login.submit': 'Iniciar sesión',
  'accounts.login.errorTitle': 'Error',
  'accounts.login.passwordHelp': 'Ayuda con la contraseña',
  'accounts.login.register': 'Crear una cuenta',
  'accounts.logout.done': 'Ha cerrado la sesión.',
  'accounts.home.welcome': 'Bienvenido/a, {name}',
  'accounts.home.subtitle': '¿Qué desea hacer hoy?',
  'accounts.tfa.codeFormat': 'Introduzca el código de 6 dígitos.',
  'accounts.tfa.required':
    'Introduzca el código de 6 dígitos que le enviamos. Es válido durante 10 minutos.',
  'accounts.tfa.invalid':
    'Ese código no es válido o ha caducado. Inicie sesión de nuevo para recibir otro.',
  'accounts.tfa.tokenFormat':
    'Este paso del inicio de sesión no es válido. Inicie sesión de nuevo.',
  'accounts.tfa.loginExpired':
    'Este inicio de sesión ha caducado. Inicie sesión de nuevo para recibir un código nuevo.',
  'accounts.password.wrongCurrent': 'La contraseña actual no es correcta.',
  'accounts.consents.required':
    'Acepte el consentimiento para el tratamiento y los términos vigentes antes de recibir atención.',
  'accounts.dependent.notFound': 'No se encontró ese familiar en su cuenta.',
  'accounts.location.unavailable': 'Servicio no disponible en {state}',
  'accounts.mail.reset.subject': '{brand}: restablezca su contraseña',
  'accounts.mail.reset.body':
    'Recibimos una solicitud para restablecer su contraseña de {brand}. Abra este enlace en los próximos 60 minutos para elegir una nueva: {link}\n\nSi no la solicitó, puede ignorar este mensaje; su contraseña no cambia.',
  'accounts.sms.reset': '{brand}: restablezca su contraseña en los próximos 60 minutos: {link}',
  'accounts.mail.tfa.subject': '{brand}: su código de acceso',
  'accounts.mail.tfa.body':
    'Su código de acceso de {brand} es {code}. Es válido durante 10 minutos y funciona una sola vez.',
  'accounts.sms.tfa': 'Código de acceso de {brand}: {code} (válido 10 minutos)',
  'accounts.mail.exists.subject': '{brand}: alguien intentó registrarse con su correo',
  'accounts.mail.exists.body':
    'Alguien intentó crear una cuenta de {brand} con este correo electrónico, que ya tiene una cuenta. Si fue usted, inicie sesión o use Ayuda con la contraseña. Si no, puede ignorar este mensaje.',
  'accounts.mail.welcome.subject': 'Bienvenido/a a {brand}',
  'accounts.mail.welcome.body':
    'Su cuenta de {brand} está lista. Inicie sesión para obtener atención para usted y su familia.',
  'accounts.reauth.required': 'Por su seguridad, introduzca su contraseña de nuevo.',
  'accounts.mail.newDevice.subject':
    '{brand}: un nuevo dispositivo puede iniciar sesión en su cuenta',
  'accounts.mail.newDevice.body':
    'Se activó el inicio de sesión biométrico de su cuenta de {brand} en un dispositivo ({device}) el {time}. Ese dispositivo ya puede iniciar sesión sin su contraseña.\n\nSi fue usted, no tiene que hacer nada. Si no, elimine el dispositivo en su perfil, en "Dispositivos que pueden iniciar sesión", y cambie su contraseña (una contraseña nueva desactiva todos los dispositivos).',
};

export const accountsMessages = { en, es };
export { en as accountsMessagesEn, es as accountsMessagesEs };
