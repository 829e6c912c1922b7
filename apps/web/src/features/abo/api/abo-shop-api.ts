import { aboEndpoints } from '@dihs/contract/abo';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/endpoint-query.ts';

/** GET /abo/patient/getStandard: the shop's packages. */
export const useStandardPakete = () => useEndpointQuery(aboEndpoints.standardPakete, undefined);

/** GET /abo/patient/aktiv: the own subscription that has not ended, or null. */
export const useEigenesAbo = () => useEndpointQuery(aboEndpoints.eigenesAbo, undefined);

/** GET /abo/patient/paymentNotice: notices shown as error alerts. */
export const useZahlungsHinweise = () => useEndpointQuery(aboEndpoints.zahlungsHinweise, undefined);

/** GET /abo/patient/placeOrder/{id}: the payment address, or "" when nothing is to be paid. */
export const useAboBestellen = () =>
  useEndpointMutation(aboEndpoints.bestellen, { toInput: (aboPaketId: number) => ({ params: { id: aboPaketId } }) });

/** GET /abo/patient/paymentLink: the address of the payment that is due. */
export const useAboZahlungsLink = () =>
  useEndpointMutation<typeof aboEndpoints.zahlungsLink, void>(aboEndpoints.zahlungsLink, { toInput: () => ({}) });
