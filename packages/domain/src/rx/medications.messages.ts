/** Prepaid-visit medication rule texts, package, protocol and consent-document names. */
const en = {
  'medications.controlled': '{medication} is a controlled substance and cannot be prescribed.',
  'medications.gabapentin.prepaid': 'Gabapentin cannot be prescribed in a prepaid visit.',
  'medications.gabapentin.state': 'Gabapentin cannot be prescribed in {state}.',
  'medications.oneCategoryPerPrepaidVisit':
    'Only one medication category can be prescribed in a prepaid visit.',
  'medications.pt141.noRxMedication': 'PT-141 cannot be prescribed together with {medication}.',
  'medications.pt141.noRxScreening':
    'PT-141 cannot be prescribed because of an answer in the screening.',
  'medications.ldn.doseRange': 'Low dose naltrexone must be between {min} and {max} mg per day.',
  'medications.ldn.noCondition':
    'Low dose naltrexone is prescribed only for one of the listed conditions, and the screening lists none.',
  'medications.ldn.opioids':
    'Low dose naltrexone cannot be prescribed to a patient taking opioids.',
  'medications.package.notInPackage':
    '{medication} is not one of the packages we prescribe. Choose one of: {options}.',

  'medications.class.opioid': 'Opioids',
  'medications.class.stimulant': 'Stimulants',
  'medications.class.benzodiazepine': 'Benzodiazepines',
  'medications.class.barbiturate': 'Barbiturates',
  'medications.class.testosterone': 'Testosterone and anabolic steroids',
  'medications.class.ketamine': 'Ketamine',
  'medications.class.tramadol': 'Tramadol',
  'medications.class.pregabalin': 'Pregabalin',
  'medications.class.sedativeHypnotic': 'Sedatives and sleep medicines',
  'medications.class.cannabinoid': 'Cannabinoids',
  'medications.class.other': 'Other controlled substances',

  'medications.package.ldn': 'Low Dose Naltrexone 1-4.5 mg per day for 90 days',
  'medications.package.cialis': 'Cialis 5 mg x90, 10 mg x60 or 20 mg x30',
  'medications.package.viagra': 'Viagra 20 mg x90, 50 mg x60 or 100 mg x30',
  'medications.package.prophylacticAntibiotics':
    'Prophylactic antibiotic package (5 prescriptions)',
  'medications.package.acute': 'Acute problems',
  'medications.package.chronic': 'Chronic problems',
  'medications.package.prep': 'PrEP',

  'medications.protocol.femaleHrt': 'Female HRT',
  'medications.protocol.oralEd': 'Oral ED',
  'medications.protocol.edInjection': 'ED Injection',
  'medications.protocol.lowTestosterone': 'Low Testosterone',

  'medications.consent.glp1': 'GLP-1 consent',
  'medications.consent.ghkCu': 'GHK-Cu consent',
  'medications.consent.ivermectin': 'Ivermectin consent',
  'medications.consent.mebendazole': 'Mebendazole consent',
  'medications.consent.ldn': 'Low dose naltrexone (LDN) consent',
  'medications.consent.extendedChronicSupply': 'Extended chronic supply consent',
  'medications.consent.bupropionNaltrexone': 'Bupropion-Naltrexone consent',
  'medications.consent.intracavernosalInjection': 'Intracavernosal injection consent',
  'medications.consent.sermorelin': 'Sermorelin consent',
  'medications.consent.nad': 'NAD consent',
  'medications.consent.b12': 'B12 consent',
  'medications.consent.pt141': 'PT-141 consent',
} as const;

const es: Record<keyof typeof en, string> = {
  'medications.controlled': '{medication} es una sustancia controlada y no se puede recetar.',
  'medications.gabapentin.prepaid': 'No se puede recetar gabapentina en una consulta prepagada.',
  'medications.gabapentin.state': 'No se puede recetar gabapentina en {state}.',
  'medications.oneCategoryPerPrepaidVisit':
    'Solo se puede recetar una categoría de medicamentos en una consulta prepagada.',
  'medications.pt141.noRxMedication': 'No se puede recetar PT-141 junto con {medication}.',
  'medications.pt141.noRxScreening':
    'No se puede recetar PT-141 debido a una respuesta en la evaluación.',
  'medications.ldn.doseRange':
    'La naltrexona en dosis baja debe estar entre {min} y {max} mg por día.',
  'medications.ldn.noCondition':
    'La naltrexona en dosis baja solo se receta para una de las afecciones de la lista, y la evaluación no indica ninguna.',
  'medications.ldn.opioids':
    'No se puede recetar naltrexona en dosis baja a un paciente que toma opioides.',
  'medications.package.notInPackage':
    '{medication} no es uno de los paquetes que recetamos. Elija uno de: {options}.',

  'medications.class.opioid': 'Opioides',
  'medications.class.stimulant': 'Estimulantes',
  'medications.class.benzodiazepine': 'Benzodiacepinas',
  'medications.class.barbiturate': 'Barbitúricos',
  'medications.class.testosterone': 'Testosterona y esteroides anabólicos',
  'medications.class.ketamine': 'Ketamina',
  'medications.class.tramadol': 'Tramadol',
  'medications.class.pregabalin': 'Pregabalina',
  'medications.class.sedativeHypnotic': 'Sedantes y medicamentos para dormir',
  'medications.class.cannabinoid': 'Cannabinoides',
  'medications.class.other': 'Otras sustancias controladas',

  'medications.package.ldn': 'Naltrexona en dosis baja, de 1 a 4,5 mg por día durante 90 días',
  'medications.package.cialis': 'Cialis 5 mg x90, 10 mg x60 o 20 mg x30',
  'medications.package.viagra': 'Viagra 20 mg x90, 50 mg x60 o 100 mg x30',
  'medications.package.prophylacticAntibiotics': 'Paquete de antibióticos preventivos (5 recetas)',
  'medications.package.acute': 'Problemas agudos',
  'medications.package.chronic': 'Problemas crónicos',
  'medications.package.prep': 'PrEP',

  'medications.protocol.femaleHrt': 'Terapia hormonal femenina',
  'medications.protocol.oralEd': 'Disfunción eréctil, tratamiento oral',
  'medications.protocol.edInjection': 'Disfunción eréctil, inyección',
  'medications.protocol.lowTestosterone': 'Testosterona baja',

  'medications.consent.glp1': 'Consentimiento para GLP-1',
  'medications.consent.ghkCu': 'Consentimiento para GHK-Cu',
  'medications.consent.ivermectin': 'Consentimiento para ivermectina',
  'medications.consent.mebendazole': 'Consentimiento para mebendazol',
  'medications.consent.ldn': 'Consentimiento para naltrexona en dosis baja (LDN)',
  'medications.consent.extendedChronicSupply':
    'Consentimiento para suministro prolongado de medicamentos crónicos',
  'medications.consent.bupropionNaltrexone': 'Consentimiento para bupropión-naltrexona',
  'medications.consent.intracavernosalInjection': 'Consentimiento para inyección intracavernosa',
  'medications.consent.sermorelin': 'Consentimiento para sermorelina',
  'medications.consent.nad': 'Consentimiento para NAD',
  'medications.consent.b12': 'Consentimiento para vitamina B12',
  'medications.consent.pt141': 'Consentimiento para PT-141',
};

export const medicationsMessages = { en, es };
export { en as medicationsMessagesEn, es as medicationsMessagesEs };
