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
};

export const accountsMessages = { en, es };
