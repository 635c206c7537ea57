/** Get Care wizard, waiting room and meet screens (web). */
const en = {
  'careUi.title': 'Get Care',
  'careUi.subtitle':
    'See a provider by video today. Answer a few questions, choose a pharmacy and pay, then wait for a provider.',
  'careUi.activeVisit': 'You already have a visit in the waiting room.',
  'careUi.home.title': 'Get care now',
  'careUi.home.body': 'See a licensed provider by video, usually within minutes.',
  'careUi.home.start': 'Get care now',
  'careUi.toWaitingRoom': 'Go to the waiting room',
  'careUi.retry': 'Try again',

  'careUi.step.count': 'Step {step} of {total}',
  'careUi.step.back': 'Back',
  'careUi.step.continue': 'Continue',

  'careUi.patient.title': 'Who is this visit for?',
  'careUi.patient.label': 'Patient',
  'careUi.patient.hint':
    'Dependents are added from your profile. Anyone under 18 must be on an adult’s account.',

  'careUi.reason.title': 'Why do you need care?',
  'careUi.reason.label': 'Reason for the visit',
  'careUi.reason.notes': 'Anything else the provider should know? (optional)',
  'careUi.reason.notesHint': 'Symptoms, when they started, what you have tried.',

  'careUi.location.title': 'Where are you right now?',
  'careUi.location.body':
    'Providers can only treat {name} in a state where they are licensed, so tell us the state where {name} is during the visit.',
  'careUi.location.current': 'I am in: {state}',
  'careUi.location.none': 'No location confirmed yet.',
  'careUi.location.state': 'State',
  'careUi.location.confirm': 'Confirm location',
  'careUi.location.confirmHint': 'Press “Confirm location” to use this state.',
  'careUi.location.open': 'Providers are available now in {state}.',
  'careUi.location.closed': 'No provider is available right now. Please try again later.',
  'careUi.location.closedNext': 'No provider is available right now. Care opens again {when}.',

  'careUi.screening.title': 'Pre-visit screening',
  'careUi.screening.body': 'These answers help the provider treat {name} safely.',
  'careUi.screening.emergencyTitle': 'Emergency warning signs',
  'careUi.screening.emergencyQuestion': 'Does {name} have any of these right now?',
  'careUi.screening.emergencyAlertTitle': 'This may be an emergency',
  'careUi.screening.noneOfThese': 'None of these',
  'careUi.screening.listHint': 'One per line. Leave empty if none.',
  'careUi.screening.problemsHint': 'Select every condition that applies.',
  'careUi.screening.numberInvalid': 'Enter a number.',
  'careUi.screening.answerAll': 'Please answer the questions marked above.',
  'careUi.screening.edRequested': 'Are you requesting treatment for erectile dysfunction?',
  'careUi.screening.edNitrates':
    'Do you take nitrates (such as nitroglycerin or isosorbide) for chest pain?',
  'careUi.screening.ldnRequested': 'Are you requesting low dose naltrexone (LDN)?',
  'careUi.screening.ldnConditions': 'Which of these conditions do you have?',
  'careUi.screening.ldnOpioids': 'Do you take opioid pain medicines?',
  'careUi.screening.bcRequested': 'Are you requesting birth control?',
  'careUi.screening.bcSmoker': 'Do you smoke?',
  'careUi.screening.bcPregnant': 'Are you pregnant, or could you be pregnant?',
  'careUi.answer.yes': 'Yes',
  'careUi.answer.no': 'No',

  'careUi.vitals.bloodPressure': 'Blood pressure',
  'careUi.vitals.weight': 'Weight',
  'careUi.vitals.weightUnit': 'Weight unit',
  'careUi.vitals.height': 'Height',
  'careUi.vitals.heightUnit': 'Height unit',
  'careUi.vitals.waist': 'Waist',
  'careUi.vitals.waistUnit': 'Waist unit',
  'careUi.vitals.bmi': 'BMI: {bmi}',
  'careUi.vitals.bmiEmpty': 'BMI: enter weight and height',
  'careUi.unit.lbs': 'lbs',
  'careUi.unit.kg': 'kg',
  'careUi.unit.in': 'in',
  'careUi.unit.cm': 'cm',

  'careUi.stopped.home': 'Back to home',
  'careUi.stopped.startOver': 'Start over',

  'careUi.consent.title': 'Consent and phone',
  'careUi.consent.accept': 'I accept the consent to treat and the terms and conditions.',
  'careUi.consent.accepted': 'You have accepted the current consent to treat and terms.',
  'careUi.consent.required': 'Please accept the consent to treat and the terms to continue.',
  'careUi.consent.readConsent': 'Read the consent to treat',
  'careUi.consent.readTerms': 'Read the terms and conditions',
  'careUi.phone.title': 'Phone number',
  'careUi.phone.usage': 'The phone number is used to text a video-visit link.',
  'careUi.phone.confirm': 'This phone number is correct',
  'careUi.phone.required': 'Please confirm the phone number to continue.',
  'careUi.phone.missing': 'There is no phone number on file.',
  'careUi.phone.edit': 'Change the phone number in your profile',

  'careUi.pharmacy.title': 'Choose a pharmacy',
  'careUi.pharmacy.body': 'If the provider prescribes a medicine, it is sent to this pharmacy.',
  'careUi.pharmacy.search': 'Search pharmacies',
  'careUi.pharmacy.searchHint': 'Name, city, zip code or street',
  'careUi.pharmacy.results': 'Pharmacies',
  'careUi.pharmacy.none': 'No pharmacy matches your search.',
  'careUi.pharmacy.phone': 'Phone: {phone}',
  'careUi.pharmacy.fax': 'Fax: {fax}',
  'careUi.pharmacy.ncpdp': 'NCPDP ID: {id}',
  'careUi.pharmacy.choose': 'Choose',
  'careUi.pharmacy.chooseLabel': 'Choose {name}',
  'careUi.pharmacy.chosen': 'Chosen',
  'careUi.pharmacy.current': 'Your pharmacy: {name}',
  'careUi.pharmacy.required': 'Please choose a pharmacy to continue.',

  'careUi.payment.title': 'Review and pay',
  'careUi.payment.price': 'Visit price',
  'careUi.payment.coupon': 'Have a coupon code?',
  'careUi.payment.newPrice': 'New price: {price}. Review it and press “Start visit” again.',
  'careUi.payment.free': 'No payment is needed for this visit.',
  'careUi.payment.credit': 'Your credit of {amount} is applied first.',
  'careUi.payment.payWith': 'Pay with',
  'careUi.payment.noCards': 'No card on file. Add a card to pay for this visit.',
  'careUi.payment.start': 'Start visit',
  'careUi.summary.patient': 'Patient',
  'careUi.summary.reason': 'Reason',
  'careUi.summary.location': 'Location',
  'careUi.summary.pharmacy': 'Pharmacy',
  'careUi.summary.noPharmacy': 'None',

  'careUi.waiting.title': 'Waiting room',
  'careUi.waiting.subtitle':
    'Keep this page open. A provider will start the video visit here; we also text you a link.',
  'careUi.waiting.listLabel': 'Your visits',
  'careUi.waiting.someone': 'Family member',
  'careUi.waiting.stateWaiting': 'Waiting',
  'careUi.waiting.stateInProgress': 'In progress',
  'careUi.waiting.place': 'Place in line',
  'careUi.waiting.wait': 'Estimated wait',
  'careUi.waiting.minutes': '{minutes} min',
  'careUi.waiting.waitUnknown': 'Not known yet',
  'careUi.waiting.due': 'Expected by',
  'careUi.waiting.noProvider':
    'No provider is on duty right now. You keep your place and the wait appears as soon as one starts.',
  'careUi.waiting.providerReady': '{provider} is ready for your visit.',
  'careUi.waiting.providerReadyUnnamed': 'A provider is ready for your visit.',
  'careUi.waiting.withProvider': 'With {provider}',
  'careUi.waiting.cancel': 'Cancel visit',
  'careUi.waiting.empty': 'You have no visits in the waiting room.',
  'careUi.waiting.getCare': 'Get Care',
  'careUi.waiting.restoring': 'Restoring your visit…',

  'careUi.cancel.title': 'Cancel this visit?',
  'careUi.cancel.body':
    'The visit for {name} leaves the waiting room and your payment is refunded.',
  'careUi.cancel.keep': 'Keep waiting',
  'careUi.cancel.confirm': 'Confirm cancellation',
  'careUi.cancel.done': 'Your visit was cancelled and your payment was refunded.',

  'careUi.ended.title': 'Visit ended',
  'careUi.ended.completed': 'Your visit is complete. The provider’s note will be in Notes.',
  'careUi.ended.completedWith':
    'Your visit with {provider} is complete. The provider’s note will be in Notes.',
  'careUi.ended.refunded':
    'The provider could not treat this online, so your payment was refunded. The note explains why.',
  'careUi.ended.noShow': 'The visit ended because the provider could not reach you.',
  // Shown as soon as the cancel stands, before the refund reaches the card (and a card refund
  // takes days to show): it says what is true at every moment of that.
  'careUi.ended.cancelled':
    'Your visit was cancelled and your payment is being refunded. A card refund can take a few business days to show.',
  'careUi.ended.unknown': 'Your visit has ended.',
  'careUi.ended.notes': 'Go to Notes',

  'careUi.meet.title': 'Video visit',
  'careUi.meet.opening': 'Opening your video visit…',
  'careUi.meet.greeting': 'Hi {name}. Your provider will join you here.',
  'careUi.meet.invalidHint':
    'If your visit is still waiting, log in and open the waiting room to join it.',
  'careUi.meet.home': 'Go to the home page',
} as const;

export type CareUiMessageKey = keyof typeof en;

const es: Record<CareUiMessageKey, string> = {
  'careUi.title': 'Obtener atención',
  'careUi.subtitle':
    'Consulte hoy a un proveedor por video. Responda algunas preguntas, elija una farmacia y pague; luego espere a un proveedor.',
  'careUi.activeVisit': 'Ya tiene una consulta en la sala de espera.',
  'careUi.home.title': 'Obtenga atención ahora',
  'careUi.home.body': 'Vea a un proveedor con licencia por video, por lo general en minutos.',
  'careUi.home.start': 'Obtener atención ahora',
  'careUi.toWaitingRoom': 'Ir a la sala de espera',
  'careUi.retry': 'Intentar de nuevo',

  'careUi.step.count': 'Paso {step} de {total}',
  'careUi.step.back': 'Atrás',
  'careUi.step.continue': 'Continuar',

  'careUi.patient.title': '¿Para quién es esta consulta?',
  'careUi.patient.label': 'Paciente',
  'careUi.patient.hint':
    'Los dependientes se agregan desde su perfil. Los menores de 18 años deben estar en la cuenta de un adulto.',

  'careUi.reason.title': '¿Por qué necesita atención?',
  'careUi.reason.label': 'Motivo de la consulta',
  'careUi.reason.notes': '¿Algo más que el proveedor deba saber? (opcional)',
  'careUi.reason.notesHint': 'Síntomas, cuándo empezaron, qué ha probado.',

  'careUi.location.title': '¿Dónde está ahora?',
  'careUi.location.body':
    'Los proveedores solo pueden atender a {name} en un estado donde tengan licencia; indique el estado donde estará {name} durante la consulta.',
  'careUi.location.current': 'Estoy en: {state}',
  'careUi.location.none': 'Todavía no hay una ubicación confirmada.',
  'careUi.location.state': 'Estado',
  'careUi.location.confirm': 'Confirmar ubicación',
  'careUi.location.confirmHint': 'Pulse «Confirmar ubicación» para usar este estado.',
  'careUi.location.open': 'Hay proveedores disponibles ahora en {state}.',
  'careUi.location.closed':
    'No hay ningún proveedor disponible en este momento. Inténtelo más tarde.',
  'careUi.location.closedNext':
    'No hay ningún proveedor disponible en este momento. La atención vuelve a abrir el {when}.',

  'careUi.screening.title': 'Evaluación previa a la consulta',
  'careUi.screening.body': 'Estas respuestas ayudan al proveedor a atender a {name} con seguridad.',
  'careUi.screening.emergencyTitle': 'Señales de alarma de emergencia',
  'careUi.screening.emergencyQuestion': '¿{name} tiene alguna de estas señales ahora?',
  'careUi.screening.emergencyAlertTitle': 'Esto puede ser una emergencia',
  'careUi.screening.noneOfThese': 'Ninguna de estas',
  'careUi.screening.listHint': 'Uno por línea. Déjelo vacío si no hay ninguno.',
  'careUi.screening.problemsHint': 'Seleccione todas las afecciones que correspondan.',
  'careUi.screening.numberInvalid': 'Escriba un número.',
  'careUi.screening.answerAll': 'Responda las preguntas marcadas arriba.',
  'careUi.screening.edRequested': '¿Solicita tratamiento para la disfunción eréctil?',
  'careUi.screening.edNitrates':
    '¿Toma nitratos (como nitroglicerina o isosorbida) para el dolor de pecho?',
  'careUi.screening.ldnRequested': '¿Solicita naltrexona en dosis baja (LDN)?',
  'careUi.screening.ldnConditions': '¿Cuáles de estas afecciones tiene?',
  'careUi.screening.ldnOpioids': '¿Toma analgésicos opioides?',
  'careUi.screening.bcRequested': '¿Solicita anticonceptivos?',
  'careUi.screening.bcSmoker': '¿Fuma?',
  'careUi.screening.bcPregnant': '¿Está embarazada o podría estarlo?',
  'careUi.answer.yes': 'Sí',
  'careUi.answer.no': 'No',

  'careUi.vitals.bloodPressure': 'Presión arterial',
  'careUi.vitals.weight': 'Peso',
  'careUi.vitals.weightUnit': 'Unidad de peso',
  'careUi.vitals.height': 'Estatura',
  'careUi.vitals.heightUnit': 'Unidad de estatura',
  'careUi.vitals.waist': 'Cintura',
  'careUi.vitals.waistUnit': 'Unidad de cintura',
  'careUi.vitals.bmi': 'IMC: {bmi}',
  'careUi.vitals.bmiEmpty': 'IMC: escriba el peso y la estatura',
  'careUi.unit.lbs': 'lb',
  'careUi.unit.kg': 'kg',
  'careUi.unit.in': 'pulg',
  'careUi.unit.cm': 'cm',

  'careUi.stopped.home': 'Volver al inicio',
  'careUi.stopped.startOver': 'Empezar de nuevo',

  'careUi.consent.title': 'Consentimiento y teléfono',
  'careUi.consent.accepted':
    'Ya aceptó el consentimiento para recibir tratamiento y los términos vigentes.',
  'careUi.consent.accept':
    'Acepto el consentimiento para recibir tratamiento y los términos y condiciones.',
  'careUi.consent.required':
    'Acepte el consentimiento para recibir tratamiento y los términos para continuar.',
  'careUi.consent.readConsent': 'Leer el consentimiento para recibir tratamiento',
  'careUi.consent.readTerms': 'Leer los términos y condiciones',
  'careUi.phone.title': 'Número de teléfono',
  'careUi.phone.usage':
    'El número de teléfono se usa para enviarle por mensaje de texto un enlace a la consulta por video.',
  'careUi.phone.confirm': 'Este número de teléfono es correcto',
  'careUi.phone.required': 'Confirme el número de teléfono para continuar.',
  'careUi.phone.missing': 'No hay un número de teléfono registrado.',
  'careUi.phone.edit': 'Cambiar el número de teléfono en su perfil',

  'careUi.pharmacy.title': 'Elija una farmacia',
  'careUi.pharmacy.body': 'Si el proveedor le receta un medicamento, se envía a esta farmacia.',
  'careUi.pharmacy.search': 'Buscar farmacias',
  'careUi.pharmacy.searchHint': 'Nombre, ciudad, código postal o calle',
  'careUi.pharmacy.results': 'Farmacias',
  'careUi.pharmacy.none': 'Ninguna farmacia coincide con su búsqueda.',
  'careUi.pharmacy.phone': 'Teléfono: {phone}',
  'careUi.pharmacy.fax': 'Fax: {fax}',
  'careUi.pharmacy.ncpdp': 'ID de NCPDP: {id}',
  'careUi.pharmacy.choose': 'Elegir',
  'careUi.pharmacy.chooseLabel': 'Elegir {name}',
  'careUi.pharmacy.chosen': 'Elegida',
  'careUi.pharmacy.current': 'Su farmacia: {name}',
  'careUi.pharmacy.required': 'Elija una farmacia para continuar.',

  'careUi.payment.title': 'Revisar y pagar',
  'careUi.payment.price': 'Precio de la consulta',
  'careUi.payment.coupon': '¿Tiene un código de cupón?',
  'careUi.payment.newPrice': 'Nuevo precio: {price}. Revíselo y pulse «Iniciar consulta» otra vez.',
  'careUi.payment.free': 'Esta consulta no requiere pago.',
  'careUi.payment.credit': 'Su crédito de {amount} se aplica primero.',
  'careUi.payment.payWith': 'Pagar con',
  'careUi.payment.noCards':
    'No hay ninguna tarjeta registrada. Agregue una tarjeta para pagar esta consulta.',
  'careUi.payment.start': 'Iniciar consulta',
  'careUi.summary.patient': 'Paciente',
  'careUi.summary.reason': 'Motivo',
  'careUi.summary.location': 'Ubicación',
  'careUi.summary.pharmacy': 'Farmacia',
  'careUi.summary.noPharmacy': 'Ninguna',

  'careUi.waiting.title': 'Sala de espera',
  'careUi.waiting.subtitle':
    'Mantenga esta página abierta. Un proveedor iniciará aquí la consulta por video; también le enviamos un enlace por mensaje de texto.',
  'careUi.waiting.listLabel': 'Sus consultas',
  'careUi.waiting.someone': 'Familiar',
  'careUi.waiting.stateWaiting': 'En espera',
  'careUi.waiting.stateInProgress': 'En curso',
  'careUi.waiting.place': 'Lugar en la fila',
  'careUi.waiting.wait': 'Espera estimada',
  'careUi.waiting.minutes': '{minutes} min',
  'careUi.waiting.waitUnknown': 'Aún no se sabe',
  'careUi.waiting.due': 'Hora prevista',
  'careUi.waiting.noProvider':
    'No hay ningún proveedor de turno ahora. Conserva su lugar y la espera aparecerá en cuanto empiece uno.',
  'careUi.waiting.providerReady': '{provider} está listo para su consulta.',
  'careUi.waiting.providerReadyUnnamed': 'Un proveedor está listo para su consulta.',
  'careUi.waiting.withProvider': 'Con {provider}',
  'careUi.waiting.cancel': 'Cancelar consulta',
  'careUi.waiting.empty': 'No tiene consultas en la sala de espera.',
  'careUi.waiting.getCare': 'Obtener atención',
  'careUi.waiting.restoring': 'Recuperando su consulta…',

  'careUi.cancel.title': '¿Cancelar esta consulta?',
  'careUi.cancel.body':
    'La consulta de {name} sale de la sala de espera y se le reembolsa el pago.',
  'careUi.cancel.keep': 'Seguir esperando',
  'careUi.cancel.confirm': 'Confirmar la cancelación',
  'careUi.cancel.done': 'Su consulta se canceló y se le reembolsó el pago.',

  'careUi.ended.title': 'Consulta terminada',
  'careUi.ended.completed': 'Su consulta terminó. La nota del proveedor estará en Notas.',
  'careUi.ended.completedWith':
    'Su consulta con {provider} terminó. La nota del proveedor estará en Notas.',
  'careUi.ended.refunded':
    'El proveedor no pudo atender esto en línea, así que se le reembolsó el pago. La nota explica por qué.',
  'careUi.ended.noShow': 'La consulta terminó porque el proveedor no pudo comunicarse con usted.',
  'careUi.ended.cancelled':
    'Su consulta se canceló y se le está reembolsando el pago. Un reembolso a tarjeta puede tardar unos días hábiles en verse.',
  'careUi.ended.unknown': 'Su consulta terminó.',
  'careUi.ended.notes': 'Ir a Notas',

  'careUi.meet.title': 'Consulta por video',
  'careUi.meet.opening': 'Abriendo su consulta por video…',
  'careUi.meet.greeting': 'Hola, {name}. Su proveedor se unirá aquí.',
  'careUi.meet.invalidHint':
    'Si su consulta sigue en espera, inicie sesión y abra la sala de espera para unirse.',
  'careUi.meet.home': 'Ir a la página de inicio',
};

export const careScreensMessages = { en, es };
export { en as careScreensMessagesEn, es as careScreensMessagesEs };
