/** Uploads and downloads (platform files): the refusals a person can fix themselves. */
const en = {
  'files.missing': 'Please attach one file.',
  'files.tooMany': 'Please send one file at a time.',
  'files.empty': 'The file is empty. Please choose it again.',
  'files.tooLarge': 'The file is too large. Files can be up to {maxMb} MB.',
  'files.typeNotAllowed': 'This type of file is not accepted here. Please send one of: {accepted}.',
  'files.heicUnsupported':
    'HEIC photos cannot be accepted yet. Please send the photo as JPEG (on iPhone: Settings > Camera > Formats > Most Compatible) or PNG.',
  'files.imageTooLarge':
    'The image is too large ({megapixels} megapixels at most). Please send a smaller photo.',
  'files.unreadable': 'The file could not be read. It may be damaged; please send it again.',
  'files.purposeInvalid': 'Please say what the file is for (id-document, attachment or avatar).',
  'files.notFound': 'File not found.',
  'files.busy': 'Too many uploads are being processed right now. Please try again in a minute.',
} as const;

const es: Record<keyof typeof en, string> = {
  'files.missing': 'Adjunte un archivo.',
  'files.tooMany': 'Envíe un archivo a la vez.',
  'files.empty': 'El archivo está vacío. Vuelva a elegirlo.',
  'files.tooLarge': 'El archivo es demasiado grande. Los archivos pueden tener hasta {maxMb} MB.',
  'files.typeNotAllowed': 'Este tipo de archivo no se acepta aquí. Envíe uno de estos: {accepted}.',
  'files.heicUnsupported':
    'Todavía no se aceptan fotos HEIC. Envíe la foto en JPEG (en iPhone: Ajustes > Cámara > Formatos > Más compatible) o PNG.',
  'files.imageTooLarge':
    'La imagen es demasiado grande ({megapixels} megapíxeles como máximo). Envíe una foto más pequeña.',
  'files.unreadable': 'No se pudo leer el archivo. Puede estar dañado; vuelva a enviarlo.',
  'files.purposeInvalid': 'Indique para qué es el archivo (id-document, attachment o avatar).',
  'files.notFound': 'Archivo no encontrado.',
  'files.busy':
    'Se están procesando demasiados archivos en este momento. Vuelva a intentarlo en un minuto.',
};

export const filesMessages = { en, es };
export { en as filesMessagesEn, es as filesMessagesEs };
