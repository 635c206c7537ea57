/**
 * Texts of the lists that grow: the shared pager (web components/pager)
 * and the search boxes of the pharmacy's links. In the core catalog: the pager is a shared
 * component and may render before a screen's chunk of texts has been fetched.
 */
const en = {
  'lists.previous': 'Previous',
  'lists.next': 'Next',
  'lists.pageInfo': 'Page {page} of {pages} ({total} in all)',
  'lists.search': 'Search',
  'lists.noMatch': 'Nothing matches that search.',
  'lists.field.query': 'The search is at most 100 characters.',
  'lists.field.page': 'The page is a whole number from 1 to 10,000.',
  'lists.field.visits': 'Choose from 1 to 50 visits, each with the version you saw.',
  'lists.field.bulkStatus': 'Choose one of the pharmacy statuses.',
  'lists.links.searchLabel': 'Search links (treatment, medication list, comment or link ID)',
  'lists.field.status': 'The status is active, inactive or cancelled.',
  'lists.subscribers.searchLabel': "Search subscribers (member's name)",
  'lists.customers.searchLabel': 'Search customers (name, e-mail or phone)',
};

const es: Record<keyof typeof en, string> = {
  'lists.previous': 'Anterior',
  'lists.next': 'Siguiente',
  'lists.pageInfo': 'Página {page} de {pages} ({total} en total)',
  'lists.search': 'Buscar',
  'lists.noMatch': 'Nada coincide con esa búsqueda.',
  'lists.field.query': 'La búsqueda tiene como máximo 100 caracteres.',
  'lists.field.page': 'La página es un número entero del 1 al 10.000.',
  'lists.field.visits': 'Elija de 1 a 50 visitas, cada una con la versión que vio.',
  'lists.field.bulkStatus': 'Elija uno de los estados de la farmacia.',
  'lists.links.searchLabel':
    'Buscar enlaces (tratamiento, lista de medicamentos, comentario o ID del enlace)',
  'lists.field.status': 'El estado es activo, inactivo o cancelado.',
  'lists.subscribers.searchLabel': 'Buscar suscriptores (nombre del miembro)',
  'lists.customers.searchLabel': 'Buscar clientes (nombre, correo electrónico o teléfono)',
};

export const listsMessages = { en, es };
export { en as listsMessagesEn, es as listsMessagesEs };
