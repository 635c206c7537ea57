/**
 * Texts of the pharmacy portal's server answers and notifications: errors of the dashboard,
 * the claim, pharmacists and links; the invitation and new-visit messages. The portal's screen
 * texts are in pharmacy-screens.messages.ts.
 */
const en = {
  // What verification needs, who verifies and how to ask (docs/operations.md,
  // "Pharmacy registry (NCPDP)"); the spec's "About the pharmacy program" page does not exist.
  'pharmacy.unverified':
    "Your pharmacy is not verified yet, so it cannot work prescription visits, links or in-store assessments. Verification needs its NCPDP ID, address, phone and fax to match the NCPDP registry (the national NPPES file, read again each month); Apothecall's staff then verify it in their back office. If your pharmacy's details changed, correct them with NCPDP first. To ask for verification, your pharmacy's administrator contacts the Apothecall team that set up your pharmacy (the one that sent the administrator's invitation).",
  'pharmacy.adminOnly': "Only the pharmacy's administrator can do this.",
  'pharmacy.useClaim': 'Claim the visit with Submit Payment.',
  'pharmacy.notClaimable': 'This visit cannot be claimed in its current status.',
  'pharmacy.claimedOnly': 'You work only visits your pharmacy has already claimed.',
  'pharmacy.lowBalance':
    "The pharmacy's prepay account does not hold the {fee} fee. Your pharmacy's administrator can add funds by card on the Pharmacists page (Fee account, Add funds); then claim again.",
  'pharmacy.stale': 'This visit changed since you opened it. Look at it again, then retry.',
  'pharmacy.invite.exists':
    'This e-mail already has an account that is not one of your pharmacists.',
  'pharmacy.invite.sending':
    'This invitation is already being sent. Look at your pharmacists list in a moment.',
  'pharmacy.invite.linkUnknown': 'One of the chosen links is not one of your links.',
  'pharmacy.link.productUnknown': 'Choose one of the treatments offered.',
  'pharmacy.rx.notAvailable': 'This pharmacy cannot take prescriptions from {state}.',
  'pharmacy.rx.linkUnknown': 'This pharmacy link is no longer available.',
  'pharmacy.changeRequest.none': 'There is no open change request on this visit.',
  'pharmacy.mail.invite.subject': '{pharmacy} invited you to Apothecall',
  'pharmacy.mail.invite.body':
    '{pharmacy} added you as a pharmacist. Choose your password here (the link works for 7 days): {link}',
  'pharmacy.notify.newVisit.subject': 'A new prescription is waiting',
  'pharmacy.notify.newVisit.body':
    'A new prescription is waiting for {pharmacy}. Open your dashboard: {link}',
  'pharmacy.notify.newVisit.sms':
    'Apothecall: a new prescription is waiting for {pharmacy}. {link}',
  'pharmacy.mail.lowBalance.subject': "{pharmacy}'s fee account is low",
  'pharmacy.mail.lowBalance.body':
    "{pharmacy}'s fee account holds {balance}, less than {count} claim fees of {fee}. When it cannot pay a fee, visits cannot be claimed. Add funds by card: {link}",
  'pharmacy.pdf.claimedBy': 'Claimed by {pharmacy} (NCPDP {ncpdpId}) on {date}',
};

const es: Record<keyof typeof en, string> = {
  'pharmacy.unverified':
    'Su farmacia todavía no está verificada, así que no puede trabajar consultas de receta, enlaces ni evaluaciones en la farmacia. Para verificarla, su número NCPDP, su dirección, su teléfono y su fax deben coincidir con el registro NCPDP (el archivo nacional NPPES, que se vuelve a leer cada mes); después el personal de Apothecall la verifica en su oficina administrativa. Si los datos de su farmacia cambiaron, corríjalos primero ante NCPDP. Para pedir la verificación, el administrador de su farmacia se comunica con el equipo de Apothecall que dio de alta su farmacia (el que le envió la invitación al administrador).',
  'pharmacy.adminOnly': 'Solo el administrador de la farmacia puede hacer esto.',
  'pharmacy.useClaim': 'Reclame la consulta con Enviar pago.',
  'pharmacy.notClaimable': 'Esta consulta no se puede reclamar en su estado actual.',
  'pharmacy.claimedOnly': 'Usted trabaja solo consultas que su farmacia ya reclamó.',
  'pharmacy.lowBalance':
    'La cuenta prepagada de la farmacia no cubre la tarifa de {fee}. El administrador de su farmacia puede añadir fondos con tarjeta en la página Equipo (Cuenta de tarifas, Añadir fondos); luego vuelva a reclamar.',
  'pharmacy.stale':
    'Esta consulta cambió desde que la abrió. Revísela de nuevo y vuelva a intentarlo.',
  'pharmacy.invite.exists':
    'Este correo ya tiene una cuenta que no es de uno de sus farmacéuticos.',
  'pharmacy.invite.sending':
    'Esta invitación ya se está enviando. Revise su lista de farmacéuticos en un momento.',
  'pharmacy.invite.linkUnknown': 'Uno de los enlaces elegidos no es de su farmacia.',
  'pharmacy.link.productUnknown': 'Elija uno de los tratamientos ofrecidos.',
  'pharmacy.rx.notAvailable': 'Esta farmacia no puede recibir recetas de {state}.',
  'pharmacy.rx.linkUnknown': 'Este enlace de farmacia ya no está disponible.',
  'pharmacy.changeRequest.none': 'No hay ninguna solicitud de cambio abierta en esta consulta.',
  'pharmacy.mail.invite.subject': '{pharmacy} le invitó a Apothecall',
  'pharmacy.mail.invite.body':
    '{pharmacy} le añadió como farmacéutico. Elija su contraseña aquí (el enlace vale 7 días): {link}',
  'pharmacy.notify.newVisit.subject': 'Una nueva receta le espera',
  'pharmacy.notify.newVisit.body': 'Una nueva receta espera a {pharmacy}. Abra su panel: {link}',
  'pharmacy.notify.newVisit.sms': 'Apothecall: una nueva receta espera a {pharmacy}. {link}',
  'pharmacy.mail.lowBalance.subject': 'La cuenta de tarifas de {pharmacy} tiene saldo bajo',
  'pharmacy.mail.lowBalance.body':
    'La cuenta de tarifas de {pharmacy} tiene {balance}, menos que {count} tarifas de reclamo de {fee}. Cuando no cubra una tarifa, no podrá reclamar consultas. Añada fondos con tarjeta: {link}',
  'pharmacy.pdf.claimedBy': 'Reclamada por {pharmacy} (NCPDP {ncpdpId}) el {date}',
};

export type PharmacyMessageKey = keyof typeof en;
export const pharmacyMessages = { en, es };
export { en as pharmacyMessagesEn, es as pharmacyMessagesEs };
