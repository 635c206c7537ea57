/**
 * Prepay program and access-token texts (spec sections 3, 4 and 8). The three
 * 'Access Token was not ...' texts are the spec's 'added/deleted/sent', one key per verb.
 */
const en = {
  'prepay.tokenNotAdded': 'Access Token was not added',
  'prepay.tokenNotDeleted': 'Access Token was not deleted',
  'prepay.tokenNotSent': 'Access Token was not sent',
  'prepay.authorizedUsersNotUpdated': 'Authorized user list was not updated',
  'prepay.programNotUpdated': 'Program was not updated',
  // Access-token states
  'prepay.token.state.unclaimed': 'Unclaimed',
  'prepay.token.state.claimed': 'Claimed',
  'prepay.token.state.claimedWithRx': 'Claimed with prescription',
  'prepay.token.state.denied': 'Denied',
  // Why a token or program cannot be used for a visit
  'prepay.token.alreadyUsed': 'This access token has already been used.',
  'prepay.token.reuseNotYet': 'This access token can be used again after {date}.',
  'prepay.token.visitInProgress': 'This access token is already in use for a visit.',
  'prepay.token.intervalEnded': 'This access token is no longer valid.',
  'prepay.limit.notAuthorized': 'You are not an authorized user of this program.',
  'prepay.limit.userLimitReached': 'You have reached your visit limit for this program.',
  'prepay.limit.accountLimitReached': 'This account has reached the visit limit for this program.',
  'prepay.limit.insufficientBalance': 'This program does not have enough balance for a visit.',
  'prepay.code.unknown': 'This code is not valid.',
  'prepay.restricted.treatment': 'This program does not pay for this treatment.',
  'prepay.restricted.pharmacy': 'This program pays only for prescriptions sent to {pharmacies}.',
  'prepay.restricted.visitType': 'This program does not pay for this type of visit.',
  'prepay.visit.notPayable': 'This visit cannot be paid with a prepay program now.',
  'prepay.token.notUnused': 'Only an access token nobody has used can be changed or deleted.',
  'prepay.delivery.invalidEmail': 'Enter a valid e-mail address to send the access token to.',
  'prepay.delivery.invalidPhone':
    'Enter a valid phone number to send the access token to: a US number, or + and the country code.',
  'prepay.bulk.tooMany': 'Paste at most {max} lines at a time.',
  'prepay.bulk.invalidLine': 'Not an e-mail address or a phone number.',
  'prepay.bulk.duplicate': 'This line repeats an earlier one.',
  'prepay.tokens.full':
    'This program can hold at most {max} unused access tokens (two for each visit left) and {room} more can be created now. Delete unused tokens or add visits to make more.',
  'prepay.send.recipientLimit':
    'This phone number or e-mail address has been sent {max} access tokens in the last day. Try again tomorrow.',
  'prepay.send.programLimit':
    'This program has sent as many access tokens as it may for now (at most {perHour} an hour and {perDay} a day). Try again later.',
  'prepay.restriction.unknownProduct': 'Unknown treatment: {productId}.',
  'prepay.restriction.unknownPharmacy': 'Only verified pharmacies can be chosen.',
  'prepay.users.duplicate': 'Each e-mail address can be listed once: {email}.',
  // Notifications to the program's holder (no patient data: the program and a link)
  'prepay.notify.lowBalance.subject': 'Low balance: {name}',
  'prepay.notify.lowBalance':
    'The balance of program {name} is {balance} visits. Add visits at {link}',
  'prepay.notify.claimed.subject': 'Access token claimed: {name}',
  'prepay.notify.claimed': 'An access token of program {name} was claimed. {link}',
  'prepay.notify.rx.subject': 'Prescription written: {name}',
  'prepay.notify.rx': 'A prescription was written for a visit of program {name}. {link}',
  'prepay.notify.rxDenied.subject': 'Prescription denied: {name}',
  'prepay.notify.rxDenied':
    'A prescription was denied for a visit of program {name}. The visit was credited back to the program; please refund the patient. {link}',
  // The token sent to a patient (no patient data)
  'prepay.token.message.subject': 'Your prepaid telemedicine visit',
  'prepay.token.message':
    '{name} has prepaid a telemedicine visit for you. Your access token is {code}. Start here: {link}',
} as const;

const es: Record<keyof typeof en, string> = {
  'prepay.tokenNotAdded': 'No se agregó el token de acceso',
  'prepay.tokenNotDeleted': 'No se eliminó el token de acceso',
  'prepay.tokenNotSent': 'No se envió el token de acceso',
  'prepay.authorizedUsersNotUpdated': 'No se actualizó la lista de usuarios autorizados',
  'prepay.programNotUpdated': 'No se actualizó el programa',
  'prepay.token.state.unclaimed': 'Sin reclamar',
  'prepay.token.state.claimed': 'Reclamado',
  'prepay.token.state.claimedWithRx': 'Reclamado con receta',
  'prepay.token.state.denied': 'Denegado',
  'prepay.token.alreadyUsed': 'Este token de acceso ya fue utilizado.',
  'prepay.token.reuseNotYet': 'Este token de acceso se podrá volver a usar después del {date}.',
  'prepay.token.visitInProgress': 'Este token de acceso ya se está usando en una consulta.',
  'prepay.token.intervalEnded': 'Este token de acceso ya no es válido.',
  'prepay.limit.notAuthorized': 'Usted no es un usuario autorizado de este programa.',
  'prepay.limit.userLimitReached': 'Ha alcanzado su límite de consultas de este programa.',
  'prepay.limit.accountLimitReached':
    'Esta cuenta ha alcanzado el límite de consultas de este programa.',
  'prepay.limit.insufficientBalance': 'Este programa no tiene saldo suficiente para una consulta.',
  'prepay.code.unknown': 'Este código no es válido.',
  'prepay.restricted.treatment': 'Este programa no paga este tratamiento.',
  'prepay.restricted.pharmacy': 'Este programa solo paga recetas enviadas a {pharmacies}.',
  'prepay.restricted.visitType': 'Este programa no paga este tipo de consulta.',
  'prepay.visit.notPayable': 'Esta consulta no se puede pagar ahora con un programa prepagado.',
  'prepay.token.notUnused':
    'Solo se puede cambiar o eliminar un token de acceso que nadie ha usado.',
  'prepay.delivery.invalidEmail':
    'Ingrese un correo electrónico válido para enviar el token de acceso.',
  'prepay.delivery.invalidPhone':
    'Ingrese un número de teléfono válido para enviar el token de acceso: un número de EE. UU., o + y el código del país.',
  'prepay.bulk.tooMany': 'Pegue como máximo {max} líneas a la vez.',
  'prepay.bulk.invalidLine': 'No es un correo electrónico ni un número de teléfono.',
  'prepay.bulk.duplicate': 'Esta línea repite una anterior.',
  'prepay.tokens.full':
    'Este programa puede tener como máximo {max} tokens de acceso sin usar (dos por cada consulta que le queda) y ahora se pueden crear {room} más. Elimine tokens sin usar o agregue consultas para crear más.',
  'prepay.send.recipientLimit':
    'A este número de teléfono o correo electrónico ya se le enviaron {max} tokens de acceso en el último día. Inténtelo de nuevo mañana.',
  'prepay.send.programLimit':
    'Este programa ya envió todos los tokens de acceso que puede por ahora (como máximo {perHour} por hora y {perDay} por día). Inténtelo de nuevo más tarde.',
  'prepay.restriction.unknownProduct': 'Tratamiento desconocido: {productId}.',
  'prepay.restriction.unknownPharmacy': 'Solo se pueden elegir farmacias verificadas.',
  'prepay.users.duplicate': 'Cada correo electrónico se puede incluir una sola vez: {email}.',
  'prepay.notify.lowBalance.subject': 'Saldo bajo: {name}',
  'prepay.notify.lowBalance':
    'El saldo del programa {name} es de {balance} consultas. Agregue consultas en {link}',
  'prepay.notify.claimed.subject': 'Token de acceso reclamado: {name}',
  'prepay.notify.claimed': 'Se reclamó un token de acceso del programa {name}. {link}',
  'prepay.notify.rx.subject': 'Receta emitida: {name}',
  'prepay.notify.rx': 'Se emitió una receta en una consulta del programa {name}. {link}',
  'prepay.notify.rxDenied.subject': 'Receta denegada: {name}',
  'prepay.notify.rxDenied':
    'Se denegó una receta en una consulta del programa {name}. La consulta se acreditó de nuevo al programa; por favor reembolse al paciente. {link}',
  'prepay.token.message.subject': 'Su consulta de telemedicina prepagada',
  'prepay.token.message':
    '{name} le ha prepagado una consulta de telemedicina. Su token de acceso es {code}. Comience aquí: {link}',
};

export const prepayMessages = { en, es };
export { en as prepayMessagesEn, es as prepayMessagesEs };
export type PrepayMessageKey = keyof typeof en;
