/**
 * Route-guard and link messages (spec sections 2, 4 and 8). The action-required text keeps the
 * spec's wording but names the section the spec leaves as "...": the Prescription visits
 * screen (/rxvisits, where the guard sends the patient) under Get Care.
 */
const en = {
  'navigation.unauthorized': 'Unauthorized.',
  // Says who may open the page and how access is given, instead of the spec's pointer to an
  // "About the pharmacy program" page that does not exist.
  'navigation.verifiedAccountOnly':
    "This page is for the staff of verified pharmacies only. A pharmacy's administrator gives its pharmacists access on the Pharmacists page; Apothecall's staff verify a pharmacy once its NCPDP ID, address, phone and fax match the NCPDP registry.",
  'navigation.actionRequired':
    'Action required: Please upload missing information in the Prescription visits section under Get Care.',
  'navigation.externalLink.title': 'Leaving this site',
  'navigation.externalLink.body':
    'This link opens a page outside this site. Do you want to continue?',
  'navigation.externalLink.continue': 'Continue',
  'navigation.externalLink.cancel': 'Cancel',
  'navigation.nav.pharmacists': 'Pharmacists',
  // The pharmacy's in-store assessment.
  'navigation.nav.assessment': 'Assessment',
  // The pharmacy's e-mail inbox.
  'navigation.nav.inbox': 'Inbox',
  // The pharmacy's analytics.
  'navigation.nav.analytics': 'Analytics',
  // The pharmacy's customers, interactions and tasks; short for the phone's bar.
  'navigation.nav.crm': 'CRM',
  // Entries whose screens' texts load with the screens (the first screen's texts stay small).
  'navigation.nav.rxVisits': 'Rx visits',
  'navigation.nav.rxReviews': 'Rx reviews',
  'navigation.nav.prepay': 'Prepay',
  'navigation.menu.prepay': 'Prepay programs',
  // The profile menu's and the profile's way to /notifications.
  'navigation.menu.notifications': 'Notification settings',
} as const;

const es: Record<keyof typeof en, string> = {
  'navigation.unauthorized': 'No autorizado.',
  'navigation.verifiedAccountOnly':
    'Esta página es solo para el personal de farmacias verificadas. El administrador de una farmacia da acceso a sus farmacéuticos en la página Equipo; el personal de Apothecall verifica una farmacia cuando su número NCPDP, su dirección, su teléfono y su fax coinciden con el registro NCPDP.',
  'navigation.actionRequired':
    'Acción requerida: suba la información que falta en la sección Consultas de receta, en Atención.',
  'navigation.externalLink.title': 'Saliendo de este sitio',
  'navigation.externalLink.body':
    'Este enlace abre una página fuera de este sitio. ¿Desea continuar?',
  'navigation.externalLink.continue': 'Continuar',
  'navigation.externalLink.cancel': 'Cancelar',
  // 'Farmacéuticos' is cut off in the phone's bottom bar: the pharmacy's team.
  'navigation.nav.pharmacists': 'Equipo',
  'navigation.nav.assessment': 'Evaluación',
  'navigation.nav.inbox': 'Correo',
  'navigation.nav.analytics': 'Analítica',
  'navigation.nav.crm': 'CRM',
  'navigation.nav.rxVisits': 'Recetas',
  'navigation.nav.rxReviews': 'Revisiones',
  'navigation.nav.prepay': 'Prepago',
  'navigation.menu.prepay': 'Programas prepagados',
  'navigation.menu.notifications': 'Configuración de notificaciones',
};

export const navigationMessages = { en, es };
export { en as navigationMessagesEn, es as navigationMessagesEs };
export type NavigationMessageKey = keyof typeof en;
