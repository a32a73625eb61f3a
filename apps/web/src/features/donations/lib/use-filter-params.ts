import { useAddressParams } from '../../../lib/use-address-params';

/**
 * A money list's filters in the address (so a reload or a shared link keeps them): `update` sets the given ones
 * (an empty value removes it) and goes back to the first page unless the page itself changes.
 */
export function useFilterParams() {
  const [params, updateAddress] = useAddressParams();
  const update = (changes: Record<string, string>) =>
    updateAddress(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return [params, update] as const;
}
