/** Brand texts: attribution, external-link confirmation, app-store prompts. */
const en = {
  'brands.poweredBy': 'Powered by Apothecall',
  'brands.logoAlt': '{brand} logo',
  'brands.pharmacy.loading': 'Loading your pharmacy…',
  'brands.pharmacy.notFound': 'This pharmacy link is not valid. You are using {brand}.',
  'brands.manifest.description': 'Video visits, appointments and prescriptions.',
  'brands.update.title': 'Update the app',
  'brands.update.available': 'A new version of {brand} is ready.',
  'brands.update.open': 'Update',
  'brands.update.body':
    'Updating reloads the page. You stay logged in, and a visit in progress continues.',
  'brands.update.now': 'Update now',
  'brands.update.current': 'This app',
  'brands.update.latest': 'Latest version',
  'brands.update.upToDate': 'You have the latest version.',
  'brands.update.checkFailed':
    'The latest version could not be checked. Check your connection and try again.',
  'brands.update.retry': 'Try again',
  'brands.update.home': 'Go to Home',
} as const;

const es: Record<keyof typeof en, string> = {
  'brands.poweredBy': 'Con la tecnología de Apothecall',
  'brands.logoAlt': 'Logotipo de {brand}',
  'brands.pharmacy.loading': 'Cargando su farmacia…',
  'brands.pharmacy.notFound': 'Este enlace de farmacia no es válido. Está usando {brand}.',
  'brands.manifest.description': 'Consultas por video, citas y recetas.',
  'brands.update.title': 'Actualizar la aplicación',
  'brands.update.available': 'Hay una nueva versión de {brand} lista.',
  'brands.update.open': 'Actualizar',
  'brands.update.body':
    'Al actualizar se recarga la página. Su sesión sigue iniciada y una consulta en curso continúa.',
  'brands.update.now': 'Actualizar ahora',
  'brands.update.current': 'Esta aplicación',
  'brands.update.latest': 'Versión más reciente',
  'brands.update.upToDate': 'Tiene la versión más reciente.',
  'brands.update.checkFailed':
    'No se pudo comprobar la versión más reciente. Revise su conexión e inténtelo de nuevo.',
  'brands.update.retry': 'Intentar de nuevo',
  'brands.update.home': 'Ir a Inicio',
};

export const brandsMessages = { en, es };
export { en as brandsMessagesEn, es as brandsMessagesEs };
export type BrandsMessageKey = keyof typeof en;
