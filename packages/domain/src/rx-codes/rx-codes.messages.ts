/**
 * Texts of external visit codes: the server's refusals and the pharmacy's screens
 * (the visit's code, the dashboard's find-by-code).
 */
const en = {
  'rxCodes.field.code': 'External code: 1 to 40 letters, digits or dashes.',
  'rxCodes.taken': 'External code: {code} is already used for another visit of this pharmacy.',
  'rxCodes.claimFirst': 'Claim this visit (Submit Payment) before giving it your own code.',
  'rxCodes.notFound': 'No visit of this pharmacy has the code {code}.',
  'rxCodesUi.section.title': 'External code',
  'rxCodesUi.section.lead':
    'Your own system’s reference for this visit (for example its Rx number). Only your pharmacy sees it.',
  'rxCodesUi.section.none': 'No code yet.',
  'rxCodesUi.section.current': 'Code: {code}',
  'rxCodesUi.section.claimFirst': 'Claim this visit (Submit Payment) to give it your own code.',
  'rxCodesUi.field.label': 'External code',
  'rxCodesUi.field.hint': 'Letters, digits and dashes, up to 40.',
  'rxCodesUi.save': 'Save code',
  'rxCodesUi.clear': 'Clear code',
  'rxCodesUi.saved': 'Code saved.',
  'rxCodesUi.cleared': 'Code cleared.',
  'rxCodesUi.saveFailed': 'Could not save the code: {message}',
  'rxCodesUi.loadFailed': 'Could not load the code: {message}',
  'rxCodesUi.find.label': 'Find by external code',
  'rxCodesUi.find.hint': 'Your system’s reference, as saved on the visit.',
  'rxCodesUi.find.submit': 'Find visit',
  'rxCodesUi.find.failed': 'Could not find the visit: {message}',
} as const;

const es: Record<keyof typeof en, string> = {
  'rxCodes.field.code': 'Código externo: de 1 a 40 letras, dígitos o guiones.',
  'rxCodes.taken': 'Código externo: {code} ya se usa para otra visita de esta farmacia.',
  'rxCodes.claimFirst': 'Reclame esta visita (Enviar pago) antes de darle su propio código.',
  'rxCodes.notFound': 'Ninguna visita de esta farmacia tiene el código {code}.',
  'rxCodesUi.section.title': 'Código externo',
  'rxCodesUi.section.lead':
    'La referencia de su propio sistema para esta visita (por ejemplo, su número de receta). Solo su farmacia la ve.',
  'rxCodesUi.section.none': 'Todavía no tiene código.',
  'rxCodesUi.section.current': 'Código: {code}',
  'rxCodesUi.section.claimFirst': 'Reclame esta visita (Enviar pago) para darle su propio código.',
  'rxCodesUi.field.label': 'Código externo',
  'rxCodesUi.field.hint': 'Letras, dígitos y guiones, hasta 40.',
  'rxCodesUi.save': 'Guardar código',
  'rxCodesUi.clear': 'Borrar código',
  'rxCodesUi.saved': 'Código guardado.',
  'rxCodesUi.cleared': 'Código borrado.',
  'rxCodesUi.saveFailed': 'No se pudo guardar el código: {message}',
  'rxCodesUi.loadFailed': 'No se pudo cargar el código: {message}',
  'rxCodesUi.find.label': 'Buscar por código externo',
  'rxCodesUi.find.hint': 'La referencia de su sistema, como se guardó en la visita.',
  'rxCodesUi.find.submit': 'Buscar visita',
  'rxCodesUi.find.failed': 'No se pudo encontrar la visita: {message}',
};

export const rxCodesMessages = { en, es };
export { en as rxCodesMessagesEn, es as rxCodesMessagesEs };
