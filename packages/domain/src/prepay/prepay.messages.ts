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
  // Notifications to the pharmacy
  'prepay.notify.lowBalance': 'The balance of program {name} is low: {balance}.',
  'prepay.notify.claimed': 'An access token of program {name} was claimed.',
  'prepay.notify.rx': 'A prescription was written for a visit of program {name}.',
  'prepay.notify.rxDenied':
    'A prescription was denied for a visit of program {name}. The visit was credited back to the program.',
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
  'prepay.notify.lowBalance': 'El saldo del programa {name} es bajo: {balance}.',
  'prepay.notify.claimed': 'Se reclamó un token de acceso del programa {name}.',
  'prepay.notify.rx': 'Se emitió una receta en una consulta del programa {name}.',
  'prepay.notify.rxDenied':
    'Se denegó una receta en una consulta del programa {name}. La consulta se acreditó de nuevo al programa.',
};

export const prepayMessages = { en, es };
export { en as prepayMessagesEn, es as prepayMessagesEs };
export type PrepayMessageKey = keyof typeof en;
