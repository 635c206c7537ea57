/**
 * Texts of the patient's side of prepay access tokens (web): the redemption screen
 * (/redeem/{code}), the held code's banner on the Rx catalogue, the pharmacy step's
 * restriction, the payment step's access-token box and the visit card's prepay line. The
 * token states themselves are in prepay.messages.ts.
 */
const en = {
  // The redemption screen
  'prepayRedeem.title': 'Your prepaid visit',
  'prepayRedeem.checking': 'Checking your code…',
  'prepayRedeem.prepaid': '{programName} has prepaid a telemedicine visit for you',
  'prepayRedeem.code': 'Access token: {code}',
  'prepayRedeem.visitFree': 'The telemedicine visit costs you nothing.',
  'prepayRedeem.patientAmt': 'You pay the pharmacy {amount}.',
  'prepayRedeem.treatments': 'Treatments',
  'prepayRedeem.treatmentsAny': 'Any treatment we offer',
  'prepayRedeem.pharmacies': 'Your prescription goes to',
  'prepayRedeem.pharmaciesAny': 'Any pharmacy you choose',
  'prepayRedeem.nextSignedOut':
    'Create an account or log in, then choose your treatment. Your code is applied at checkout.',
  'prepayRedeem.nextSignedIn': 'Choose your treatment. Your code is applied at checkout.',
  'prepayRedeem.register': 'Create an account',
  'prepayRedeem.login': 'Log in',
  'prepayRedeem.start': 'Start my visit',
  'prepayRedeem.invalidTitle': 'This code cannot be used',
  'prepayRedeem.loadFailed': 'The code could not be checked: {message}',
  'prepayRedeem.retry': 'Try again',
  'prepayRedeem.otherCode': 'Enter another code',
  'prepayRedeem.refusedNextSignedOut':
    'You can still see a provider: choose a treatment and pay by card. If this code already paid for your visit, log in to find it.',
  'prepayRedeem.refusedNextSignedIn':
    'You can still see a provider: choose a treatment and pay by card. A visit this code already paid for is under your prescription visits.',
  'prepayRedeem.browse': 'See treatments',
  'prepayRedeem.myVisits': 'My prescription visits',
  'prepayRedeem.codeLabel': 'Access token',
  'prepayRedeem.codeHint': '12 characters, from your text message or e-mail',
  'prepayRedeem.check': 'Check code',
  // The held code on the Rx catalogue and flow
  'prepayRedeem.banner': 'Prepaid by {programName}',
  'prepayRedeem.bannerCode': 'Access token {code}, applied at checkout.',
  'prepayRedeem.bannerTreatments': 'Only the treatments it pays for are shown.',
  'prepayRedeem.bannerRefused': 'Your access token {code} cannot be used: {message}',
  'prepayRedeem.remove': 'Remove code',
  'prepayRedeem.removeLabel': 'Remove code {code}',
  'prepayRedeem.notCovered':
    '{programName} does not pay for this treatment. Choose another one, or pay by card.',
  'prepayRedeem.noneOffered': 'None of the treatments {programName} pays for is offered here.',
  // The pharmacy step
  'prepayRedeem.pharmacy.restricted':
    '{programName} pays only for prescriptions sent to the pharmacies below.',
  'prepayRedeem.pharmacy.noneLeft':
    '{programName} pays only for prescriptions sent to {pharmacies}, and none of them takes visits from {state}. Remove the code to choose another pharmacy and pay by card.',
  // The payment step
  'prepayRedeem.pay.title': 'Access token',
  'prepayRedeem.pay.hint': 'Have a code from a pharmacy or program? Enter it here.',
  'prepayRedeem.pay.apply': 'Apply',
  'prepayRedeem.pay.applying': 'Checking the access token…',
  'prepayRedeem.pay.prepaid': 'Prepaid by {programName}',
  'prepayRedeem.pay.confirm': 'Confirm visit',
  'prepayRedeem.pay.noCard': 'No card is needed.',
  // The visit card
  'prepayRedeem.visit.prepaid': 'Prepaid: {programName}',
  'prepayRedeem.visit.tokenState': 'Access token {token}: {state}',
  'prepayRedeem.visit.programState': 'Program code: {state}',
  'prepayRedeem.visit.creditedBack': 'The visit was credited back to the program.',
  'prepayRedeem.state.released': 'Returned to the program',
} as const;

const es: Record<keyof typeof en, string> = {
  'prepayRedeem.title': 'Su consulta prepagada',
  'prepayRedeem.checking': 'Verificando su código…',
  'prepayRedeem.prepaid': '{programName} le ha prepagado una consulta de telemedicina',
  'prepayRedeem.code': 'Token de acceso: {code}',
  'prepayRedeem.visitFree': 'La consulta de telemedicina no le cuesta nada.',
  'prepayRedeem.patientAmt': 'Usted paga {amount} a la farmacia.',
  'prepayRedeem.treatments': 'Tratamientos',
  'prepayRedeem.treatmentsAny': 'Cualquier tratamiento que ofrecemos',
  'prepayRedeem.pharmacies': 'Su receta va a',
  'prepayRedeem.pharmaciesAny': 'La farmacia que usted elija',
  'prepayRedeem.nextSignedOut':
    'Cree una cuenta o inicie sesión y elija su tratamiento. Su código se aplica al pagar.',
  'prepayRedeem.nextSignedIn': 'Elija su tratamiento. Su código se aplica al pagar.',
  'prepayRedeem.register': 'Crear una cuenta',
  'prepayRedeem.login': 'Iniciar sesión',
  'prepayRedeem.start': 'Comenzar mi consulta',
  'prepayRedeem.invalidTitle': 'Este código no se puede usar',
  'prepayRedeem.loadFailed': 'No se pudo verificar el código: {message}',
  'prepayRedeem.retry': 'Intentar de nuevo',
  'prepayRedeem.otherCode': 'Ingresar otro código',
  'prepayRedeem.refusedNextSignedOut':
    'Aun así puede consultar a un proveedor: elija un tratamiento y pague con tarjeta. Si este código ya pagó su consulta, inicie sesión para encontrarla.',
  'prepayRedeem.refusedNextSignedIn':
    'Aun así puede consultar a un proveedor: elija un tratamiento y pague con tarjeta. Una consulta que este código ya pagó está en sus consultas de receta.',
  'prepayRedeem.browse': 'Ver tratamientos',
  'prepayRedeem.myVisits': 'Mis consultas de receta',
  'prepayRedeem.codeLabel': 'Token de acceso',
  'prepayRedeem.codeHint': '12 caracteres, de su mensaje de texto o correo',
  'prepayRedeem.check': 'Verificar código',
  'prepayRedeem.banner': 'Prepagado por {programName}',
  'prepayRedeem.bannerCode': 'Token de acceso {code}, se aplica al pagar.',
  'prepayRedeem.bannerTreatments': 'Solo se muestran los tratamientos que paga.',
  'prepayRedeem.bannerRefused': 'Su token de acceso {code} no se puede usar: {message}',
  'prepayRedeem.remove': 'Quitar código',
  'prepayRedeem.removeLabel': 'Quitar código {code}',
  'prepayRedeem.notCovered':
    '{programName} no paga este tratamiento. Elija otro o pague con tarjeta.',
  'prepayRedeem.noneOffered':
    'Aquí no se ofrece ninguno de los tratamientos que paga {programName}.',
  'prepayRedeem.pharmacy.restricted':
    '{programName} solo paga recetas enviadas a las farmacias de abajo.',
  'prepayRedeem.pharmacy.noneLeft':
    '{programName} solo paga recetas enviadas a {pharmacies}, y ninguna atiende consultas de {state}. Quite el código para elegir otra farmacia y pagar con tarjeta.',
  'prepayRedeem.pay.title': 'Token de acceso',
  'prepayRedeem.pay.hint': '¿Tiene un código de una farmacia o un programa? Ingréselo aquí.',
  'prepayRedeem.pay.apply': 'Aplicar',
  'prepayRedeem.pay.applying': 'Verificando el token de acceso…',
  'prepayRedeem.pay.prepaid': 'Prepagado por {programName}',
  'prepayRedeem.pay.confirm': 'Confirmar consulta',
  'prepayRedeem.pay.noCard': 'No se necesita tarjeta.',
  'prepayRedeem.visit.prepaid': 'Prepagado: {programName}',
  'prepayRedeem.visit.tokenState': 'Token de acceso {token}: {state}',
  'prepayRedeem.visit.programState': 'Código del programa: {state}',
  'prepayRedeem.visit.creditedBack': 'La consulta se acreditó de nuevo al programa.',
  'prepayRedeem.state.released': 'Devuelto al programa',
};

export const prepayRedeemMessages = { en, es };
export { en as prepayRedeemMessagesEn, es as prepayRedeemMessagesEs };
export type PrepayRedeemMessageKey = keyof typeof en;
