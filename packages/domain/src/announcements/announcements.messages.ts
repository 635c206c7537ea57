/**
 * Texts of announcements to pharmacies: the server's refusals (each names its field),
 * the writers' section (/rxadmin and the platform admin's Home) and the pharmacy's Home card.
 */
const en = {
  'announcements.notFound': 'Announcement not found.',
  'announcements.writersOnly':
    'Only an rx administrator or the platform administrator writes announcements.',
  'announcements.field.title': 'Title: required, at most 120 characters.',
  'announcements.field.language': 'Language: choose English or Spanish.',
  'announcements.field.translationTitle':
    'Title in the other language: at most 120 characters, required with its message.',
  'announcements.field.translationBody':
    'Message in the other language: at most 4000 characters, required with its title.',
  'announcements.field.body': 'Message: required, at most 4000 characters.',
  'announcements.field.expiresOn':
    'Last day shown: choose today or a later day, or leave it empty.',
  'announcements.field.states': 'States: choose states from the list, or none for all.',
  'announcementsUi.section.title': 'Announcements to pharmacies',
  'announcementsUi.section.leadCompany':
    'Write to the pharmacies of {company}: all of them, or those in the states you choose. Pharmacists see current announcements on their Home.',
  'announcementsUi.section.leadAll':
    'Write to every pharmacy: all of them, or those in the states you choose. Pharmacists see current announcements on their Home.',
  'announcementsUi.form.title': 'Title',
  'announcementsUi.form.language': 'Written in',
  'announcementsUi.list.translation': 'In {language}:',
  'announcementsUi.form.translation': 'The same announcement in {language} (optional)',
  'announcementsUi.form.translationHint':
    'Pharmacy staff who read {language} see this version; the others see the first one.',
  'announcementsUi.form.translationTitle': 'Title in {language}',
  'announcementsUi.form.translationBody': 'Message in {language}',
  'announcementsUi.form.body': 'Message',
  'announcementsUi.form.bodyHint':
    'Plain text. Do not include patient information: pharmacies of every kind read it.',
  'announcementsUi.form.expiresOn': 'Last day shown (optional)',
  'announcementsUi.form.expiresOnHint':
    'It disappears after this day ends. Leave empty to show it until you withdraw it.',
  'announcementsUi.form.states': 'States (optional)',
  'announcementsUi.form.statesHint':
    'Only pharmacies located in or serving these states. Leave empty for all pharmacies.',
  'announcementsUi.form.submit': 'Post announcement',
  'announcementsUi.form.posted': 'Announcement posted.',
  'announcementsUi.form.failed': 'Could not post the announcement: {message}',
  'announcementsUi.list.title': 'Posted announcements',
  'announcementsUi.list.empty': 'No announcements yet.',
  'announcementsUi.list.loadFailed': 'Could not load the announcements: {message}',
  'announcementsUi.list.retry': 'Try again',
  'announcementsUi.list.posted': 'Posted {date}',
  'announcementsUi.list.expires': 'Shown until {date}',
  'announcementsUi.list.noExpiry': 'Shown until withdrawn',
  'announcementsUi.list.withdrawnOn': 'Withdrawn {date}',
  'announcementsUi.list.allStates': 'All states',
  'announcementsUi.list.states': 'States: {states}',
  'announcementsUi.list.dismissals': 'Dismissed by {count}',
  'announcementsUi.list.allPharmacies': 'Every pharmacy',
  'announcementsUi.list.companyPharmacies': 'Pharmacies of {company}',
  'announcementsUi.status.current': 'Current',
  'announcementsUi.status.expired': 'Expired',
  'announcementsUi.status.withdrawn': 'Withdrawn',
  'announcementsUi.withdraw': 'Withdraw',
  'announcementsUi.withdrawLabel': 'Withdraw “{title}”',
  'announcementsUi.withdrawConfirm':
    'Withdraw this announcement? Pharmacies will no longer see it.',
  'announcementsUi.withdrawn': 'Announcement withdrawn.',
  'announcementsUi.keep': 'Keep it',
  'announcementsUi.withdrawFailed': 'Could not withdraw the announcement: {message}',
  'announcementsUi.home.title': 'Announcements',
  'announcementsUi.home.posted': 'Posted {date}',
  'announcementsUi.home.dismiss': 'Dismiss',
  'announcementsUi.home.dismissLabel': 'Dismiss “{title}”',
  'announcementsUi.home.dismissed': 'Announcement dismissed.',
  'announcementsUi.home.dismissFailed': 'Could not dismiss the announcement: {message}',
  'announcementsUi.home.loadFailed': 'Could not load announcements: {message}',
} as const;

const es: Record<keyof typeof en, string> = {
  'announcements.notFound': 'Anuncio no encontrado.',
  'announcements.writersOnly':
    'Solo un administrador de recetas o el administrador de la plataforma escribe anuncios.',
  'announcements.field.title': 'Título: obligatorio, 120 caracteres como máximo.',
  'announcements.field.language': 'Idioma: elija inglés o español.',
  'announcements.field.translationTitle':
    'Título en el otro idioma: 120 caracteres como máximo, obligatorio con su mensaje.',
  'announcements.field.translationBody':
    'Mensaje en el otro idioma: 4000 caracteres como máximo, obligatorio con su título.',
  'announcements.field.body': 'Mensaje: obligatorio, 4000 caracteres como máximo.',
  'announcements.field.expiresOn':
    'Último día visible: elija hoy o un día posterior, o déjelo vacío.',
  'announcements.field.states': 'Estados: elija estados de la lista, o ninguno para todos.',
  'announcementsUi.section.title': 'Anuncios a las farmacias',
  'announcementsUi.section.leadCompany':
    'Escriba a las farmacias de {company}: a todas o a las de los estados que elija. Los farmacéuticos ven los anuncios vigentes en su Inicio.',
  'announcementsUi.section.leadAll':
    'Escriba a todas las farmacias: a todas o a las de los estados que elija. Los farmacéuticos ven los anuncios vigentes en su Inicio.',
  'announcementsUi.form.title': 'Título',
  'announcementsUi.form.language': 'Escrito en',
  'announcementsUi.list.translation': 'En {language}:',
  'announcementsUi.form.translation': 'El mismo anuncio en {language} (opcional)',
  'announcementsUi.form.translationHint':
    'El personal de farmacia que lee en {language} ve esta versión; los demás ven la primera.',
  'announcementsUi.form.translationTitle': 'Título en {language}',
  'announcementsUi.form.translationBody': 'Mensaje en {language}',
  'announcementsUi.form.body': 'Mensaje',
  'announcementsUi.form.bodyHint':
    'Texto simple. No incluya información de pacientes: lo leen farmacias de todo tipo.',
  'announcementsUi.form.expiresOn': 'Último día visible (opcional)',
  'announcementsUi.form.expiresOnHint':
    'Desaparece cuando termina este día. Déjelo vacío para mostrarlo hasta que lo retire.',
  'announcementsUi.form.states': 'Estados (opcional)',
  'announcementsUi.form.statesHint':
    'Solo las farmacias ubicadas en estos estados o que los atienden. Déjelo vacío para todas.',
  'announcementsUi.form.submit': 'Publicar anuncio',
  'announcementsUi.form.posted': 'Anuncio publicado.',
  'announcementsUi.form.failed': 'No se pudo publicar el anuncio: {message}',
  'announcementsUi.list.title': 'Anuncios publicados',
  'announcementsUi.list.empty': 'Todavía no hay anuncios.',
  'announcementsUi.list.loadFailed': 'No se pudieron cargar los anuncios: {message}',
  'announcementsUi.list.retry': 'Intentar de nuevo',
  'announcementsUi.list.posted': 'Publicado el {date}',
  'announcementsUi.list.expires': 'Visible hasta el {date}',
  'announcementsUi.list.noExpiry': 'Visible hasta que se retire',
  'announcementsUi.list.withdrawnOn': 'Retirado el {date}',
  'announcementsUi.list.allStates': 'Todos los estados',
  'announcementsUi.list.states': 'Estados: {states}',
  'announcementsUi.list.dismissals': 'Descartado por {count}',
  'announcementsUi.list.allPharmacies': 'Todas las farmacias',
  'announcementsUi.list.companyPharmacies': 'Farmacias de {company}',
  'announcementsUi.status.current': 'Vigente',
  'announcementsUi.status.expired': 'Vencido',
  'announcementsUi.status.withdrawn': 'Retirado',
  'announcementsUi.withdraw': 'Retirar',
  'announcementsUi.withdrawLabel': 'Retirar «{title}»',
  'announcementsUi.withdrawConfirm': '¿Retirar este anuncio? Las farmacias dejarán de verlo.',
  'announcementsUi.withdrawn': 'Anuncio retirado.',
  'announcementsUi.keep': 'Mantenerlo',
  'announcementsUi.withdrawFailed': 'No se pudo retirar el anuncio: {message}',
  'announcementsUi.home.title': 'Anuncios',
  'announcementsUi.home.posted': 'Publicado el {date}',
  'announcementsUi.home.dismiss': 'Descartar',
  'announcementsUi.home.dismissLabel': 'Descartar «{title}»',
  'announcementsUi.home.dismissed': 'Anuncio descartado.',
  'announcementsUi.home.dismissFailed': 'No se pudo descartar el anuncio: {message}',
  'announcementsUi.home.loadFailed': 'No se pudieron cargar los anuncios: {message}',
};

export const announcementsMessages = { en, es };
export { en as announcementsMessagesEn, es as announcementsMessagesEs };
