/** The tenant's payment methods (settings `paymentMethods`: code, label, accepted), for the
 * dialogs that record a payment and the screens that show one by its label. */
import { useCallback, useMemo } from 'react';
import { useSession } from '../../session/context';

export interface PaymentMethod {
  code: string;
  label: string;
  active: boolean;
}

function useAllMethods(): PaymentMethod[] {
  const { settings } = useSession();
  return (settings?.paymentMethods ?? []) as PaymentMethod[];
}

/** The methods the tenant accepts. */
export function usePaymentMethods(): PaymentMethod[] {
  const all = useAllMethods();
  return useMemo(() => all.filter((method) => method.active), [all]);
}

/** A stored method as screens show it: its label; a text stored before codes, as it is. */
export function useMethodLabel(): (code: unknown) => string {
  const all = useAllMethods();
  return useCallback(
    (code: unknown) => {
      const text = String(code ?? '');
      return all.find((m) => m.code === text)?.label ?? text;
    },
    [all],
  );
}

/** The method a payment defaults to: the policy's when the tenant accepts it, else the first. */
export function defaultMethod(methods: PaymentMethod[], policyMethod: unknown): string {
  const wanted = String(policyMethod ?? '').trim().toLowerCase();
  const found = methods.find((m) => m.code === wanted || m.label.toLowerCase() === wanted);
  return found?.code ?? methods[0]?.code ?? '';
}
