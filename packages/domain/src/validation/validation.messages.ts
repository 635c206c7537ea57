/**
 * Validation messages of spec section 5. 'Required information' is common.required
 * (common/common.messages.ts) and is reused, not repeated here.
 */
const en = {
  'validation.dob.invalid': 'Please enter a valid date of birth (MM-DD-YYYY).',
  'validation.dob.future': 'The date of birth cannot be in the future.',
  'validation.dob.tooOld': 'The maximum age is {maxAge}.',
  'validation.dob.underRegistrationAge':
    'You must be {minAge} or older to register. Anyone under {minAge} must be added as a dependent of an adult.',
  'validation.dob.underDependentAge': 'Dependents must be {minAge} years of age or older.',
  'validation.name.firstLastOnly': 'Please enter only first and last name.',
  'validation.name.characters':
    "A name may use only the letters A-Z without accents, the digits 0-9 and '-'. Not accepted: {chars}.",
  'validation.name.charactersTry':
    "A name may use only the letters A-Z without accents, the digits 0-9 and '-'. Not accepted: {chars}. Write it without accents: {suggestion}.",
  'validation.phone.invalid': 'invalid phone number',
  'validation.phone.notANumber':
    'The phone number is not a valid number: enter it with its area code, or with + and the country code if it is outside the US.',
  'validation.zip.invalid': 'Please enter a 5-digit zip code.',
  'validation.address.usOnly': 'International visitors must enter a US address.',
  'validation.address.stateInvalid': 'Please choose a US state.',
  'validation.email.invalid': 'Please enter a valid e-mail address.',
  'validation.numeric.invalid': 'Please enter digits only.',
  'validation.password.length': 'The password must be 8 to 40 characters long.',
  'validation.password.digit': 'The password must contain at least 1 digit.',
  'validation.password.lowercase': 'The password must contain at least 1 lower-case letter.',
  'validation.password.capital': 'The password must contain at least 1 capital letter.',
  'validation.password.mismatch': 'Please make sure both passwords are the same.',
  'validation.token.length': 'The access token must be 12 characters long.',
  'validation.token.characters': 'The access token cannot contain / \\ ? # or :.',
  'validation.card.expirationInvalid': 'Invalid expiration date. Please use the MM/YY format.',
  'validation.card.expired': 'This card has expired.',
  'validation.card.holderMissing': 'Missing card holder name. Please enter the name on the card.',
  'validation.card.paymentFormRequired': 'Please enter a form of payment.',
  'validation.card.invalid': 'Payment information is not valid.',
  'validation.profile.incomplete': 'Please complete your address and zip code.',
} as const;

const es: Record<keyof typeof en, string> = {
  'validation.dob.invalid': 'Ingrese una fecha de nacimiento válida (MM-DD-AAAA).',
  'validation.dob.future': 'La fecha de nacimiento no puede ser futura.',
  'validation.dob.tooOld': 'La edad máxima es {maxAge} años.',
  'validation.dob.underRegistrationAge':
    'Debe tener {minAge} años o más para registrarse. Las personas menores de {minAge} años deben agregarse como dependientes de un adulto.',
  'validation.dob.underDependentAge': 'Los dependientes deben tener {minAge} años o más.',
  'validation.name.firstLastOnly': 'Ingrese solo su nombre y apellido.',
  'validation.name.characters':
    "Un nombre solo puede usar las letras A-Z sin acentos, los dígitos 0-9 y '-'. No se aceptan: {chars}.",
  'validation.name.charactersTry':
    "Un nombre solo puede usar las letras A-Z sin acentos, los dígitos 0-9 y '-'. No se aceptan: {chars}. Escríbalo sin acentos: {suggestion}.",
  'validation.phone.invalid': 'número de teléfono no válido',
  'validation.phone.notANumber':
    'El número de teléfono no es válido: escríbalo con su código de área, o con + y el código de país si es de fuera de EE. UU.',
  'validation.zip.invalid': 'Ingrese un código postal de 5 dígitos.',
  'validation.address.usOnly':
    'Los visitantes internacionales deben ingresar una dirección en EE. UU.',
  'validation.address.stateInvalid': 'Elija un estado de EE. UU.',
  'validation.email.invalid': 'Ingrese un correo electrónico válido.',
  'validation.numeric.invalid': 'Ingrese solo dígitos.',
  'validation.password.length': 'La contraseña debe tener entre 8 y 40 caracteres.',
  'validation.password.digit': 'La contraseña debe contener al menos 1 número.',
  'validation.password.lowercase': 'La contraseña debe contener al menos 1 letra minúscula.',
  'validation.password.capital': 'La contraseña debe contener al menos 1 letra mayúscula.',
  'validation.password.mismatch': 'Asegúrese de que ambas contraseñas sean iguales.',
  'validation.token.length': 'El token de acceso debe tener 12 caracteres.',
  'validation.token.characters': 'El token de acceso no puede contener / \\ ? # ni :.',
  'validation.card.expirationInvalid': 'Fecha de vencimiento no válida. Use el formato MM/AA.',
  'validation.card.expired': 'Esta tarjeta está vencida.',
  'validation.card.holderMissing':
    'Falta el nombre del titular de la tarjeta. Ingrese el nombre que aparece en la tarjeta.',
  'validation.card.paymentFormRequired': 'Ingrese una forma de pago.',
  'validation.card.invalid': 'La información de pago no es válida.',
  'validation.profile.incomplete': 'Complete su dirección y código postal.',
};

export const validationMessages = { en, es };
export { en as validationMessagesEn, es as validationMessagesEs };
