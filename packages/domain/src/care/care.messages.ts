/** Care reasons, pre-visit screening texts and alarms. */
const en = {
  'care.reason.fever': 'Fever',
  'care.reason.soreThroat': 'Sore throat',
  'care.reason.earPain': 'Ear pain',
  'care.reason.pinkEye': 'Pink eye',
  'care.reason.coughCold': 'Cough/cold',
  'care.reason.urinaryTractInfection': 'Urinary tract infection',
  'care.reason.refillMedications': 'Refill medications',
  'care.reason.covidCertification': 'Covid certification',
  'care.reason.other': 'General care',

  'care.screening.selectAtLeastOne': 'Please select at least one option to continue.',
  'care.screening.failed': 'Screening Failed. Visit Cannot Continue.',
  'care.screening.metabolicAlarm':
    'Two or more of diabetes, hypertension and high cholesterol were reported. A provider must review this visit.',
  'care.screening.bloodPressureHint': 'Enter your blood pressure like 120/80.',

  'care.section.ed': 'Erectile dysfunction',
  'care.section.ldn': 'Low dose naltrexone (LDN)',
  'care.section.birthControl': 'Birth control',
  'care.section.vitals': 'Vitals',
  'care.section.allergies': 'Allergies',
  'care.section.medications': 'Medications',
  'care.section.medicalProblems': 'Medical problems',

  'care.comorbidity.depression': 'Depression',
  'care.comorbidity.acidReflux': 'Acid reflux',
  'care.comorbidity.heartDisease': 'Heart disease',
  'care.comorbidity.asthma': 'Asthma',
  'care.comorbidity.fattyLiver': 'Fatty liver',
  'care.comorbidity.type2Diabetes': 'Type 2 diabetes',
  'care.comorbidity.osteoarthritis': 'Osteoarthritis',
  'care.comorbidity.femaleInfertility': 'Female infertility',
  'care.comorbidity.prediabetes': 'Prediabetes',
  'care.comorbidity.hypertension': 'Hypertension',
  'care.comorbidity.obstructiveSleepApnea': 'Obstructive sleep apnea',
  'care.comorbidity.pcos': 'PCOS',
  'care.comorbidity.lowTestosteroneHypogonadism': 'Low testosterone (hypogonadism)',
  'care.comorbidity.elevatedCholesterolTriglycerides': 'Elevated cholesterol or triglycerides',
  'care.comorbidity.stressUrinaryIncontinence': 'Stress urinary incontinence',

  'care.ldn.condition.fibromyalgia': 'Fibromyalgia',
  'care.ldn.condition.chronicPain': 'Chronic pain',
  'care.ldn.condition.complexRegionalPainSyndrome': 'Complex regional pain syndrome (CRPS)',
  'care.ldn.condition.multipleSclerosis': 'Multiple sclerosis',
  'care.ldn.condition.crohnsDisease': "Crohn's disease",
  'care.ldn.condition.ulcerativeColitis': 'Ulcerative colitis',
  'care.ldn.condition.hashimotosThyroiditis': "Hashimoto's thyroiditis",
  'care.ldn.condition.rheumatoidArthritis': 'Rheumatoid arthritis',
  'care.ldn.condition.longCovid': 'Long COVID',
  'care.ldn.condition.chronicFatigueSyndrome': 'Chronic fatigue syndrome (ME/CFS)',
  'care.ldn.noQualifyingCondition':
    'Low dose naltrexone is prescribed only for one of the listed conditions.',
  'care.ldn.opioidConflict': 'Low dose naltrexone cannot be prescribed while you take opioids.',
  'care.visit.notWaiting': 'This visit is no longer waiting, so it cannot be cancelled here.',
  'care.visit.alreadyClaimed': 'Another provider has already taken this visit.',
  'care.clinic.providersOnly': 'This part of the app is for providers.',
  'care.clinic.licenceNotInForce':
    'Your licence in {state} expired on {date}: you cannot take visits there until it is renewed.',
  'care.screening.emergency':
    'Your answers show signs of an emergency. Call 911 or go to the nearest emergency room now.',
  'care.screening.bloodPressureCrisis':
    'Your blood pressure is in the crisis range. Call 911 or go to the nearest emergency room now.',
  'care.screening.edNitrates':
    'Erectile dysfunction medicines cannot be prescribed while you take nitrates.',
  'care.screening.pregnant': 'Birth control cannot be prescribed during pregnancy.',
  'care.screening.smokerOver35':
    'Hormonal birth control is not prescribed online to smokers aged 35 or older.',
  'care.emergency.chestPain': 'Chest pain or pressure',
  'care.emergency.troubleBreathing': 'Trouble breathing',
  'care.emergency.confusion': 'New confusion or trouble staying awake',
  'care.emergency.fainting': 'Fainting',
  'care.emergency.severeBleeding': 'Severe bleeding',
  'care.emergency.strokeSigns': 'Face drooping, arm weakness or slurred speech',
  'care.alarm.metabolic': 'Two or more of diabetes, hypertension and high cholesterol',
  'care.alarm.highBloodPressure': 'High blood pressure',
  'care.alarm.bmiOver40': 'BMI 40 or more',
  'care.visit.notInProgress': 'This visit is not in progress.',
  'care.visit.noteRequired': 'Write the note before ending the visit.',
  'care.meet.invalid': 'This video link has expired or has already been used.',
  'care.message.tooLong': 'Messages can be up to 2,000 characters.',
  'care.sms.noProvider':
    '{brand}: no provider is available in your state right now. You can keep waiting or cancel for a full refund; if no provider takes your visit within {minutes} minutes of starting it, it is cancelled and refunded.',
  'care.sms.unclaimedCancelled':
    '{brand}: no provider could take your visit within {minutes} minutes, so we cancelled it and refunded your payment. Please try again later.',
  'care.visit.noProviderNow':
    'No provider is available in your state right now. You can keep waiting or cancel for a full refund; a visit nobody takes within {minutes} minutes is cancelled and refunded.',
  'care.sms.meetLink':
    '{brand}: your provider is ready. Join your video visit within {minutes} minutes: {link}',
  'care.note.subject': 'Video visit: {reason}',
  'care.note.refundSubject': 'Video visit not completed: {reason}',
  'care.note.prescription': 'Prescription',
  'care.note.refunded':
    'The provider could not treat this problem by video. The visit fee was refunded.',
  'care.note.reason': 'Reason for visit',
  'care.note.patientNotes': 'Patient notes',
  'care.note.subjective': 'Subjective',
  'care.note.objective': 'Objective',
  'care.note.assessment': 'Assessment',
  'care.note.plan': 'Plan',
  'care.note.rxLine': '{medication} {strength}, quantity {quantity}, refills {refills}',
  'care.note.directions': 'Directions',
  'care.note.pharmacy': 'Pharmacy',
  'care.note.noPrescription': 'No prescription was written.',
  'care.hours.noProviderNow':
    'No provider is available right now. Please check again in a few minutes.',
  'care.message.attachmentsUnsupported': 'Files cannot be sent in the visit chat yet.',
  'care.clinic.profileIncomplete':
    'Your provider profile (NPI and practice address) is incomplete, so the note cannot be written. Please contact the administrator.',
  'care.clinic.ownVisit': 'A provider cannot take a visit of their own account.',
  'care.location.confirmFirst':
    'Please confirm where you are ("I am in") before starting the visit.',
} as const;

const es: Record<keyof typeof en, string> = {
  'care.reason.fever': 'Fiebre',
  'care.reason.soreThroat': 'Dolor de garganta',
  'care.reason.earPain': 'Dolor de oído',
  'care.reason.pinkEye': 'Conjuntivitis',
  'care.reason.coughCold': 'Tos/resfriado',
  'care.reason.urinaryTractInfection': 'Infección urinaria',
  'care.reason.refillMedications': 'Renovar medicamentos',
  'care.reason.covidCertification': 'Certificado de Covid',
  'care.reason.other': 'Atención general',

  'care.screening.selectAtLeastOne': 'Seleccione al menos una opción para continuar.',
  'care.screening.failed': 'La evaluación no fue aprobada. La consulta no puede continuar.',
  'care.screening.metabolicAlarm':
    'Se indicaron dos o más de diabetes, hipertensión y colesterol alto. Un proveedor médico debe revisar esta consulta.',
  'care.screening.bloodPressureHint': 'Escriba su presión arterial así: 120/80.',

  'care.section.ed': 'Disfunción eréctil',
  'care.section.ldn': 'Naltrexona en dosis baja (LDN)',
  'care.section.birthControl': 'Anticonceptivos',
  'care.section.vitals': 'Signos vitales',
  'care.section.allergies': 'Alergias',
  'care.section.medications': 'Medicamentos',
  'care.section.medicalProblems': 'Problemas médicos',

  'care.comorbidity.depression': 'Depresión',
  'care.comorbidity.acidReflux': 'Reflujo ácido',
  'care.comorbidity.heartDisease': 'Enfermedad cardíaca',
  'care.comorbidity.asthma': 'Asma',
  'care.comorbidity.fattyLiver': 'Hígado graso',
  'care.comorbidity.type2Diabetes': 'Diabetes tipo 2',
  'care.comorbidity.osteoarthritis': 'Osteoartritis',
  'care.comorbidity.femaleInfertility': 'Infertilidad femenina',
  'care.comorbidity.prediabetes': 'Prediabetes',
  'care.comorbidity.hypertension': 'Hipertensión',
  'care.comorbidity.obstructiveSleepApnea': 'Apnea obstructiva del sueño',
  'care.comorbidity.pcos': 'Síndrome de ovario poliquístico (SOP)',
  'care.comorbidity.lowTestosteroneHypogonadism': 'Testosterona baja (hipogonadismo)',
  'care.comorbidity.elevatedCholesterolTriglycerides': 'Colesterol o triglicéridos elevados',
  'care.comorbidity.stressUrinaryIncontinence': 'Incontinencia urinaria de esfuerzo',

  'care.ldn.condition.fibromyalgia': 'Fibromialgia',
  'care.ldn.condition.chronicPain': 'Dolor crónico',
  'care.ldn.condition.complexRegionalPainSyndrome': 'Síndrome de dolor regional complejo (SDRC)',
  'care.ldn.condition.multipleSclerosis': 'Esclerosis múltiple',
  'care.ldn.condition.crohnsDisease': 'Enfermedad de Crohn',
  'care.ldn.condition.ulcerativeColitis': 'Colitis ulcerosa',
  'care.ldn.condition.hashimotosThyroiditis': 'Tiroiditis de Hashimoto',
  'care.ldn.condition.rheumatoidArthritis': 'Artritis reumatoide',
  'care.ldn.condition.longCovid': 'COVID persistente',
  'care.ldn.condition.chronicFatigueSyndrome': 'Síndrome de fatiga crónica (EM/SFC)',
  'care.ldn.noQualifyingCondition':
    'La naltrexona en dosis baja solo se receta para una de las afecciones indicadas.',
  'care.ldn.opioidConflict':
    'No se puede recetar naltrexona en dosis baja mientras usted toma opioides.',
  'care.visit.notWaiting': 'Esta consulta ya no está en espera, así que no se puede cancelar aquí.',
  'care.visit.alreadyClaimed': 'Otro proveedor ya tomó esta consulta.',
  'care.clinic.providersOnly': 'Esta parte de la aplicación es para proveedores.',
  'care.clinic.licenceNotInForce':
    'Su licencia en {state} venció el {date}: no puede atender visitas allí hasta que se renueve.',
  'care.screening.emergency':
    'Sus respuestas indican una emergencia. Llame al 911 o vaya ahora a la sala de emergencias más cercana.',
  'care.screening.bloodPressureCrisis':
    'Su presión arterial está en el rango de crisis. Llame al 911 o vaya ahora a la sala de emergencias más cercana.',
  'care.screening.edNitrates':
    'Los medicamentos para la disfunción eréctil no se pueden recetar mientras usted toma nitratos.',
  'care.screening.pregnant': 'No se pueden recetar anticonceptivos durante el embarazo.',
  'care.screening.smokerOver35':
    'Los anticonceptivos hormonales no se recetan en línea a fumadoras de 35 años o más.',
  'care.emergency.chestPain': 'Dolor o presión en el pecho',
  'care.emergency.troubleBreathing': 'Dificultad para respirar',
  'care.emergency.confusion': 'Confusión nueva o dificultad para mantenerse despierto',
  'care.emergency.fainting': 'Desmayo',
  'care.emergency.severeBleeding': 'Sangrado intenso',
  'care.emergency.strokeSigns': 'Cara caída, debilidad en un brazo o habla arrastrada',
  'care.alarm.metabolic': 'Dos o más de diabetes, hipertensión y colesterol alto',
  'care.alarm.highBloodPressure': 'Presión arterial alta',
  'care.alarm.bmiOver40': 'IMC de 40 o más',
  'care.visit.notInProgress': 'Esta consulta no está en curso.',
  'care.visit.noteRequired': 'Escriba la nota antes de terminar la consulta.',
  'care.meet.invalid': 'Este enlace de video venció o ya se usó.',
  'care.message.tooLong': 'Los mensajes pueden tener hasta 2000 caracteres.',
  'care.sms.noProvider':
    '{brand}: ahora no hay ningún proveedor disponible en su estado. Puede seguir esperando o cancelar con reembolso total; si ningún proveedor toma su consulta en {minutes} minutos desde que la inició, se cancela y se reembolsa.',
  'care.sms.unclaimedCancelled':
    '{brand}: ningún proveedor pudo tomar su consulta en {minutes} minutos, así que la cancelamos y le reembolsamos el pago. Vuelva a intentarlo más tarde.',
  'care.visit.noProviderNow':
    'Ahora no hay ningún proveedor disponible en su estado. Puede seguir esperando o cancelar con reembolso total; una consulta que nadie toma en {minutes} minutos se cancela y se reembolsa.',
  'care.sms.meetLink':
    '{brand}: su proveedor está listo. Entre a su consulta por video en los próximos {minutes} minutos: {link}',
  'care.note.subject': 'Consulta por video: {reason}',
  'care.note.refundSubject': 'Consulta por video no completada: {reason}',
  'care.note.prescription': 'Receta',
  'care.note.refunded':
    'El proveedor no pudo tratar este problema por video. Se reembolsó el costo de la consulta.',
  'care.note.reason': 'Motivo de la consulta',
  'care.note.patientNotes': 'Notas del paciente',
  'care.note.subjective': 'Subjetivo',
  'care.note.objective': 'Objetivo',
  'care.note.assessment': 'Evaluación',
  'care.note.plan': 'Plan',
  'care.note.rxLine': '{medication} {strength}, cantidad {quantity}, resurtidos {refills}',
  'care.note.directions': 'Indicaciones',
  'care.note.pharmacy': 'Farmacia',
  'care.note.noPrescription': 'No se escribió ninguna receta.',
  'care.hours.noProviderNow':
    'No hay ningún proveedor disponible en este momento. Vuelva a intentarlo en unos minutos.',
  'care.message.attachmentsUnsupported':
    'Todavía no se pueden enviar archivos en el chat de la consulta.',
  'care.clinic.profileIncomplete':
    'Su perfil de proveedor (NPI y dirección de la práctica) está incompleto, así que no se puede escribir la nota. Comuníquese con el administrador.',
  'care.clinic.ownVisit': 'Un proveedor no puede tomar una consulta de su propia cuenta.',
  'care.location.confirmFirst': 'Confirme dónde está («Estoy en») antes de empezar la consulta.',
};

export const careMessages = { en, es };
export { en as careMessagesEn, es as careMessagesEs };
