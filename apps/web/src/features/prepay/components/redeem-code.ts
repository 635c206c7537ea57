import type { MessageKey } from '@apothecall/domain/i18n/catalog';
import { rxProductById } from '@apothecall/domain/rx/rx-products.rules';

/**
 * The treatments an offer pays for, by name: the catalogue's names of known products, an
 * unknown id as given. An empty list (any treatment) gives an empty list.
 */
export function treatmentNames(
  productIds: readonly string[],
  t: (key: MessageKey) => string,
): string[] {
  return productIds.map((id) => {
    const product = rxProductById(id);
    return product ? t(product.nameKey) : id;
  });
}
