import type { Capability } from '@refugio/contracts';
import { type ComponentType, createElement } from 'react';
import { useCan } from '../features/users/api/get-user-role';
import { useSession } from '../lib/session';

/**
 * A page section shown only to the roles whose capability opens its routes (the permission table): a vet or a
 * volunteer reading a pet gets no contracts box that would answer 403. Loaded with the sections, not with /login
 * (the permission table would bring the contracts' validation into the first bundle).
 */
export function gated<P extends object>(capability: Capability, Section: ComponentType<P>): ComponentType<P> {
  function Gated(props: P) {
    const { data: session } = useSession();
    // An organisation role's own capabilities decide once the role lookup answered (DESIGN section 21).
    const may = useCan(session?.user.id, session?.user.role ?? undefined);
    return may(capability) ? createElement(Section, props) : null;
  }
  Gated.displayName = `Only(${capability})`;
  return Gated;
}
