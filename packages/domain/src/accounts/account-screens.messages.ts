/**
 * Labels, titles and help texts of the account screens: register, account created, password
 * help and reset, two-factor login, terms and consents. The terms text is demo wording and
 * says so on screen.
 */
const en = {
  // Password help (login screen)
  'accountScreens.passwordHelp.intro':
    'Enter the e-mail address of your account. We will send a link to reset your password to that e-mail address and to the phone on file.',
  'accountScreens.passwordHelp.email': 'E-mail',
  'accountScreens.passwordHelp.submit': 'Send reset link',
  'accountScreens.passwordHelp.cancel': 'Cancel',
  'accountScreens.passwordHelp.failedTitle': 'Password reset error',
  'accountScreens.passwordHelp.close': 'OK',
  // Two-factor login
  'accountScreens.tfa.code': 'Login code',
  'accountScreens.tfa.restart': 'Start over',
  // Register
  'accountScreens.register.title': 'Create an account',
  'accountScreens.register.intro':
    'Prescriptions need your name, date of birth, gender, address and phone, so all fields are required.',
  'accountScreens.register.firstName': 'First name',
  'accountScreens.register.lastName': 'Last name',
  'accountScreens.register.nameHint': "Letters a-z, numbers 0-9 and '-' only.",
  'accountScreens.register.dob': 'Date of birth',
  'accountScreens.register.dobHint': 'MM-DD-YYYY',
  'accountScreens.register.gender': 'Gender',
  'accountScreens.register.gender.M': 'Male',
  'accountScreens.register.gender.F': 'Female',
  'accountScreens.register.gender.X': 'Other or not specified',
  'accountScreens.register.email': 'E-mail',
  'accountScreens.register.phone': 'Phone',
  'accountScreens.register.phoneHint': 'We text the link to your video visit to this number.',
  'accountScreens.register.address': 'Street address',
  'accountScreens.register.addressHint': 'International visitors must enter a US address.',
  'accountScreens.register.state': 'State',
  'accountScreens.register.statePlaceholder': 'Choose a state',
  'accountScreens.register.zipCode': 'Zip code',
  'accountScreens.register.password': 'Password',
  'accountScreens.register.passwordHint':
    '8 to 40 characters, with at least 1 digit, 1 lower-case letter and 1 capital letter.',
  'accountScreens.register.confirmPassword': 'Confirm password',
  'accountScreens.register.termsNotice':
    'By creating an account you agree to the terms and conditions.',
  'accountScreens.register.readTerms': 'Read the terms and conditions',
  'accountScreens.register.submit': 'Create account',
  'accountScreens.register.errorTitle': 'Your account could not be created',
  'accountScreens.register.haveAccount': 'Already have an account? Log in',
  // Account created
  'accountScreens.accountCreated.title': 'Your account has been created',
  'accountScreens.accountCreated.body': 'You can now log in with your e-mail address and password.',
  'accountScreens.accountCreated.login': 'Log in',
  // Reset password
  'accountScreens.resetPassword.title': 'Reset your password',
  'accountScreens.resetPassword.checking': 'Checking your link…',
  'accountScreens.resetPassword.intro': 'Choose a new password for your account.',
  'accountScreens.resetPassword.password': 'New password',
  'accountScreens.resetPassword.confirmPassword': 'Confirm new password',
  'accountScreens.resetPassword.submit': 'Save new password',
  'accountScreens.resetPassword.cancel': 'Cancel',
  'accountScreens.resetPassword.saved':
    'Your password has been changed. Please log in with your new password.',
  'accountScreens.resetPassword.invalidTitle': 'This link cannot be used',
  'accountScreens.resetPassword.errorTitle': 'Error',
  'accountScreens.resetPassword.backToLogin': 'Back to log in',
  'accountScreens.resetPassword.retry': 'Try again',
  // Terms
  'accountScreens.terms.title': 'Terms and conditions',
  'accountScreens.terms.demoNotice':
    'Demo text: this is sample wording for a demonstration of the product. It is not a legal agreement and is not legal advice.',
  'accountScreens.terms.termsHeading': 'Using the service',
  'accountScreens.terms.termsBody1':
    'The service connects you with licensed providers for video visits, appointments and prescription visits, and with pharmacies that fill prescriptions.',
  'accountScreens.terms.termsBody2':
    'Give true and complete information about yourself and the family members you add. A provider may decline to treat or to prescribe when a visit is not suitable for telemedicine.',
  'accountScreens.terms.termsBody3':
    'The service is not for emergencies. In an emergency, call 911 or go to the nearest emergency room.',
  'accountScreens.terms.termsBody4':
    'Keep your password private. You are responsible for the activity of your account and of the dependents you manage.',
  'accountScreens.terms.consentHeading': 'Consent to treat',
  'accountScreens.terms.consentBody1':
    'Telemedicine means that a provider examines and treats you through video, phone or secure messages instead of in person. It has limits: the provider cannot touch or examine you directly.',
  'accountScreens.terms.consentBody2':
    'By accepting, you agree to receive care this way for yourself and for the dependents you add, and you may withdraw at any time before a visit starts.',
  'accountScreens.terms.consentBody3':
    'Your health information is used to provide your care and is shared with the pharmacy you choose for your prescriptions.',
  'accountScreens.terms.backToLogin': 'Back to log in',
  'accountScreens.terms.backToConsents': 'Back to consents',
  'accountScreens.terms.register': 'Create an account',
  // Consents
  'accountScreens.consents.title': 'Consent to treat and terms',
  'accountScreens.consents.document.consentToTreat': 'Consent to treat',
  'accountScreens.consents.document.terms': 'Terms and conditions',
  'accountScreens.consents.version': 'Version {version}',
  'accountScreens.consents.accepted': 'Accepted version {version}',
  'accountScreens.consents.read': 'Read: {document}',
  'accountScreens.consents.accept': 'I have read and accept the {document}',
  'accountScreens.consents.mustAccept': 'Please check this box to continue.',
  'accountScreens.consents.submit': 'Accept and continue',
  'accountScreens.consents.upToDate':
    'You have already accepted the current consent to treat and terms.',
  'accountScreens.consents.continue': 'Continue',
  'accountScreens.consents.errorTitle': 'Error',
  'accountScreens.consents.retry': 'Try again',
} as const;

const es: Record<keyof typeof en, string> = {
  'accountScreens.passwordHelp.intro':
    'Ingrese el correo electrónico de su cuenta. Le enviaremos un enlace para restablecer su contraseña a ese correo y al teléfono registrado.',
  'accountScreens.passwordHelp.email': 'Correo electrónico',
  'accountScreens.passwordHelp.submit': 'Enviar enlace',
  'accountScreens.passwordHelp.cancel': 'Cancelar',
  'accountScreens.passwordHelp.failedTitle': 'Error al restablecer la contraseña',
  'accountScreens.passwordHelp.close': 'Aceptar',
  'accountScreens.tfa.code': 'Código de acceso',
  'accountScreens.tfa.restart': 'Volver a empezar',
  'accountScreens.register.title': 'Crear una cuenta',
  'accountScreens.register.intro':
    'Las recetas necesitan su nombre, fecha de nacimiento, sexo, dirección y teléfono, por lo que todos los campos son obligatorios.',
  'accountScreens.register.firstName': 'Nombre',
  'accountScreens.register.lastName': 'Apellido',
  'accountScreens.register.nameHint': "Solo letras a-z, números 0-9 y '-'.",
  'accountScreens.register.dob': 'Fecha de nacimiento',
  'accountScreens.register.dobHint': 'MM-DD-AAAA',
  'accountScreens.register.gender': 'Sexo',
  'accountScreens.register.gender.M': 'Masculino',
  'accountScreens.register.gender.F': 'Femenino',
  'accountScreens.register.gender.X': 'Otro o no especificado',
  'accountScreens.register.email': 'Correo electrónico',
  'accountScreens.register.phone': 'Teléfono',
  'accountScreens.register.phoneHint':
    'Le enviaremos por mensaje de texto a este número el enlace de su videoconsulta.',
  'accountScreens.register.address': 'Dirección',
  'accountScreens.register.addressHint':
    'Los visitantes internacionales deben ingresar una dirección de EE. UU.',
  'accountScreens.register.state': 'Estado',
  'accountScreens.register.statePlaceholder': 'Elija un estado',
  'accountScreens.register.zipCode': 'Código postal',
  'accountScreens.register.password': 'Contraseña',
  'accountScreens.register.passwordHint':
    'De 8 a 40 caracteres, con al menos 1 número, 1 letra minúscula y 1 letra mayúscula.',
  'accountScreens.register.confirmPassword': 'Confirme la contraseña',
  'accountScreens.register.termsNotice':
    'Al crear una cuenta, usted acepta los términos y condiciones.',
  'accountScreens.register.readTerms': 'Leer los términos y condiciones',
  'accountScreens.register.submit': 'Crear cuenta',
  'accountScreens.register.errorTitle': 'No se pudo crear su cuenta',
  'accountScreens.register.haveAccount': '¿Ya tiene una cuenta? Inicie sesión',
  'accountScreens.accountCreated.title': 'Su cuenta ha sido creada',
  'accountScreens.accountCreated.body':
    'Ya puede iniciar sesión con su correo electrónico y su contraseña.',
  'accountScreens.accountCreated.login': 'Iniciar sesión',
  'accountScreens.resetPassword.title': 'Restablezca su contraseña',
  'accountScreens.resetPassword.checking': 'Comprobando su enlace…',
  'accountScreens.resetPassword.intro': 'Elija una nueva contraseña para su cuenta.',
  'accountScreens.resetPassword.password': 'Nueva contraseña',
  'accountScreens.resetPassword.confirmPassword': 'Confirme la nueva contraseña',
  'accountScreens.resetPassword.submit': 'Guardar la nueva contraseña',
  'accountScreens.resetPassword.cancel': 'Cancelar',
  'accountScreens.resetPassword.saved':
    'Su contraseña ha sido cambiada. Inicie sesión con su nueva contraseña.',
  'accountScreens.resetPassword.invalidTitle': 'Este enlace no se puede usar',
  'accountScreens.resetPassword.errorTitle': 'Error',
  'accountScreens.resetPassword.backToLogin': 'Volver a iniciar sesión',
  'accountScreens.resetPassword.retry': 'Intentar de nuevo',
  'accountScreens.terms.title': 'Términos y condiciones',
  'accountScreens.terms.demoNotice':
    'Texto de demostración: esta redacción es un ejemplo para demostrar el producto. No es un acuerdo legal ni constituye asesoramiento legal.',
  'accountScreens.terms.termsHeading': 'Uso del servicio',
  'accountScreens.terms.termsBody1':
    'El servicio le pone en contacto con proveedores autorizados para videoconsultas, citas y consultas de recetas, y con farmacias que surten recetas.',
  'accountScreens.terms.termsBody2':
    'Proporcione información veraz y completa sobre usted y los familiares que agregue. Un proveedor puede negarse a tratar o a recetar cuando una consulta no es adecuada para la telemedicina.',
  'accountScreens.terms.termsBody3':
    'El servicio no es para emergencias. En caso de emergencia, llame al 911 o acuda a la sala de emergencias más cercana.',
  'accountScreens.terms.termsBody4':
    'Mantenga su contraseña en privado. Usted es responsable de la actividad de su cuenta y de los dependientes que administra.',
  'accountScreens.terms.consentHeading': 'Consentimiento para el tratamiento',
  'accountScreens.terms.consentBody1':
    'La telemedicina significa que un proveedor le examina y le trata por video, teléfono o mensajes seguros en lugar de en persona. Tiene límites: el proveedor no puede tocarle ni examinarle directamente.',
  'accountScreens.terms.consentBody2':
    'Al aceptar, usted acepta recibir atención de esta manera para usted y para los dependientes que agregue, y puede retirar su consentimiento en cualquier momento antes de que comience una consulta.',
  'accountScreens.terms.consentBody3':
    'Su información de salud se usa para brindarle atención y se comparte con la farmacia que usted elija para sus recetas.',
  'accountScreens.terms.backToLogin': 'Volver a iniciar sesión',
  'accountScreens.terms.backToConsents': 'Volver a los consentimientos',
  'accountScreens.terms.register': 'Crear una cuenta',
  'accountScreens.consents.title': 'Consentimiento para el tratamiento y términos',
  'accountScreens.consents.document.consentToTreat': 'Consentimiento para el tratamiento',
  'accountScreens.consents.document.terms': 'Términos y condiciones',
  'accountScreens.consents.version': 'Versión {version}',
  'accountScreens.consents.accepted': 'Versión aceptada: {version}',
  'accountScreens.consents.read': 'Leer: {document}',
  'accountScreens.consents.accept': 'He leído y acepto: {document}',
  'accountScreens.consents.mustAccept': 'Marque esta casilla para continuar.',
  'accountScreens.consents.submit': 'Aceptar y continuar',
  'accountScreens.consents.upToDate':
    'Usted ya aceptó el consentimiento para el tratamiento y los términos vigentes.',
  'accountScreens.consents.continue': 'Continuar',
  'accountScreens.consents.errorTitle': 'Error',
  'accountScreens.consents.retry': 'Intentar de nuevo',
};

export const accountScreensMessages = { en, es };
export { en as accountScreensMessagesEn, es as accountScreensMessagesEs };
