/** Video call and chat panel shared by patient and provider (web). */
const en = {
  'call.title': 'Video visit',
  'call.status.connecting': 'Connecting to the visit…',
  'call.status.refused': 'You cannot join this video visit.',
  'call.status.waiting.patient': 'Waiting for the patient to join…',
  'call.status.waiting.provider': 'Waiting for the provider to join…',
  'call.status.negotiating': 'Connecting the video…',
  'call.status.connected': 'Connected',
  'call.status.reconnecting': 'The connection dropped. Reconnecting…',
  'call.status.ended': 'You left the call.',
  'call.refused.title': 'Cannot join the call',
  'call.refused.body': 'This video visit is not open to you. It may have ended.',
  'call.peerHungUp.patient': 'The patient left the call. They can come back at any time.',
  'call.peerHungUp.provider': 'The provider left the call. They can come back at any time.',
  'call.peerLeft.patient': 'The patient was disconnected. Waiting for them to come back…',
  'call.peerLeft.provider': 'The provider was disconnected. Waiting for them to come back…',
  'call.remoteVideo.patient': "Patient's video",
  'call.remoteVideo.provider': "Provider's video",
  'call.localVideo': 'Your video',
  'call.mic.mute': 'Mute microphone',
  'call.mic.unmute': 'Unmute microphone',
  'call.camera.off': 'Turn camera off',
  'call.camera.on': 'Turn camera on',
  'call.soundBlocked': 'Turn on sound',
  'call.hangUp': 'Hang up',
  'call.rejoin': 'Rejoin the call',
  'call.media.pending':
    'Asking for your camera and microphone… Choose "Allow" when your browser asks.',
  'call.media.retry': 'Try again',
  'call.media.audioOnly': 'No camera was found: you are in the call with your microphone only.',
  'call.media.denied.title': 'Camera and microphone are blocked',
  'call.media.denied.body':
    'Your browser blocked the camera and microphone for this site. Click the camera or lock icon in the address bar, choose "Allow" for the camera and the microphone, then press "Try again". On a phone, allow them in the settings of your browser app. You can still use the chat.',
  'call.media.denied.body.ios':
    'This app is not allowed to use the camera and microphone. Open your iPhone\'s Settings, find this app in the list, turn on Camera and Microphone, then come back and press "Try again". You can still use the chat.',
  'call.media.denied.body.android':
    'This app is not allowed to use the camera and microphone. Open your phone\'s Settings, then Apps, choose this app, open Permissions and allow Camera and Microphone, then come back and press "Try again". You can still use the chat.',
  'call.media.notFound.title': 'No camera or microphone found',
  'call.media.notFound.body':
    'Connect a camera and a microphone (or a headset), then press "Try again". You can still use the chat.',
  'call.media.inUse.title': 'Camera or microphone already in use',
  'call.media.inUse.body':
    'Another app or browser tab is using your camera or microphone. Close it (other video calls, camera apps), then press "Try again".',
  'call.media.insecure.title': 'Video needs a secure connection',
  'call.media.insecure.body':
    'The camera and microphone only work on a secure (https://) address. Open the app from its https:// link.',
  'call.media.other.title': 'The camera could not start',
  'call.media.other.body':
    'Something stopped the camera or microphone. Press "Try again", or restart your browser.',
  'call.chat.title': 'Chat',
  'call.chat.log': 'Conversation',
  'call.chat.empty': 'No messages yet.',
  'call.chat.input': 'Message',
  'call.chat.placeholder': 'Write a message',
  'call.chat.hint': 'Press Enter to send, Shift+Enter for a new line.',
  'call.chat.send': 'Send',
  'call.chat.you': 'You',
  'call.chat.them.patient': 'Patient',
  'call.chat.them.provider': 'Provider',
  'call.chat.status.sending': 'Sending…',
  'call.chat.status.sent': 'Sent',
  'call.chat.status.delivered': 'Delivered',
  'call.chat.status.failed': 'Not sent',
  'call.chat.retry': 'Retry',
  'call.chat.offline': 'Reconnecting… Your messages will be sent when the connection is back.',
} as const;

const es: Record<keyof typeof en, string> = {
  'call.title': 'Consulta por video',
  'call.status.connecting': 'Conectando con la consulta…',
  'call.status.refused': 'No puede entrar a esta consulta por video.',
  'call.status.waiting.patient': 'Esperando a que el paciente se conecte…',
  'call.status.waiting.provider': 'Esperando a que el proveedor se conecte…',
  'call.status.negotiating': 'Conectando el video…',
  'call.status.connected': 'Conectado',
  'call.status.reconnecting': 'Se cortó la conexión. Reconectando…',
  'call.status.ended': 'Usted salió de la llamada.',
  'call.refused.title': 'No se puede entrar a la llamada',
  'call.refused.body':
    'Esta consulta por video no está disponible para usted. Puede que ya haya terminado.',
  'call.peerHungUp.patient': 'El paciente salió de la llamada. Puede volver en cualquier momento.',
  'call.peerHungUp.provider':
    'El proveedor salió de la llamada. Puede volver en cualquier momento.',
  'call.peerLeft.patient': 'El paciente se desconectó. Esperando a que vuelva…',
  'call.peerLeft.provider': 'El proveedor se desconectó. Esperando a que vuelva…',
  'call.remoteVideo.patient': 'Video del paciente',
  'call.remoteVideo.provider': 'Video del proveedor',
  'call.localVideo': 'Su video',
  'call.mic.mute': 'Silenciar micrófono',
  'call.mic.unmute': 'Activar micrófono',
  'call.camera.off': 'Apagar cámara',
  'call.camera.on': 'Encender cámara',
  'call.soundBlocked': 'Activar sonido',
  'call.hangUp': 'Colgar',
  'call.rejoin': 'Volver a la llamada',
  'call.media.pending':
    'Pidiendo acceso a su cámara y micrófono… Elija "Permitir" cuando su navegador lo pregunte.',
  'call.media.retry': 'Intentar de nuevo',
  'call.media.audioOnly': 'No se encontró una cámara: está en la llamada solo con su micrófono.',
  'call.media.denied.title': 'La cámara y el micrófono están bloqueados',
  'call.media.denied.body':
    'Su navegador bloqueó la cámara y el micrófono para este sitio. Haga clic en el icono de la cámara o del candado en la barra de direcciones, elija "Permitir" para la cámara y el micrófono y luego pulse "Intentar de nuevo". En un teléfono, permítalos en la configuración de la aplicación del navegador. Puede seguir usando el chat.',
  'call.media.denied.body.ios':
    'Esta aplicación no tiene permiso para usar la cámara y el micrófono. Abra la Configuración de su iPhone, busque esta aplicación en la lista, active Cámara y Micrófono, vuelva y pulse "Intentar de nuevo". Puede seguir usando el chat.',
  'call.media.denied.body.android':
    'Esta aplicación no tiene permiso para usar la cámara y el micrófono. Abra la Configuración de su teléfono, luego Aplicaciones, elija esta aplicación, abra Permisos y permita Cámara y Micrófono; vuelva y pulse "Intentar de nuevo". Puede seguir usando el chat.',
  'call.media.notFound.title': 'No se encontró cámara ni micrófono',
  'call.media.notFound.body':
    'Conecte una cámara y un micrófono (o unos auriculares con micrófono) y luego pulse "Intentar de nuevo". Puede seguir usando el chat.',
  'call.media.inUse.title': 'La cámara o el micrófono ya están en uso',
  'call.media.inUse.body':
    'Otra aplicación o pestaña del navegador está usando su cámara o micrófono. Ciérrela (otras videollamadas, aplicaciones de cámara) y luego pulse "Intentar de nuevo".',
  'call.media.insecure.title': 'El video necesita una conexión segura',
  'call.media.insecure.body':
    'La cámara y el micrófono solo funcionan en una dirección segura (https://). Abra la aplicación desde su enlace https://.',
  'call.media.other.title': 'No se pudo iniciar la cámara',
  'call.media.other.body':
    'Algo impidió usar la cámara o el micrófono. Pulse "Intentar de nuevo" o reinicie su navegador.',
  'call.chat.title': 'Chat',
  'call.chat.log': 'Conversación',
  'call.chat.empty': 'Todavía no hay mensajes.',
  'call.chat.input': 'Mensaje',
  'call.chat.placeholder': 'Escriba un mensaje',
  'call.chat.hint': 'Pulse Intro para enviar y Mayús+Intro para una línea nueva.',
  'call.chat.send': 'Enviar',
  'call.chat.you': 'Usted',
  'call.chat.them.patient': 'Paciente',
  'call.chat.them.provider': 'Proveedor',
  'call.chat.status.sending': 'Enviando…',
  'call.chat.status.sent': 'Enviado',
  'call.chat.status.delivered': 'Entregado',
  'call.chat.status.failed': 'No enviado',
  'call.chat.retry': 'Reintentar',
  'call.chat.offline': 'Reconectando… Sus mensajes se enviarán cuando vuelva la conexión.',
};

export const visitCallMessages = { en, es };
export { en as visitCallMessagesEn, es as visitCallMessagesEs };
