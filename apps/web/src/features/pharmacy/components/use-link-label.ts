import type { RxLinkView } from '@apothecall/domain/pharmacy/pharmacy-portal.api';
import { useT } from '../../../lib/i18n';
import { useProductInfo } from '../../rx/api/get-product-info';
import { treatmentName } from './pharmacy-format';

/** A link as the lists name it: its treatment, and its medication list when it has one. */
export function useLinkLabel() {
  const t = useT();
  const products = useProductInfo(null, { staleTime: 5 * 60_000 });
  return (link: RxLinkView) => {
    const nameKey = products.data?.products.find((p) => p.id === link.screenId)?.nameKey;
    const name = treatmentName(t, link.screenId, nameKey);
    return link.medListId ? `${name} · ${link.medListId}` : name;
  };
}
