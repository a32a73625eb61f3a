import { type Capability, can } from '@refugio/contracts';
import { type ComponentType, createElement } from 'react';
import { useSession } from '../lib/session';

/**
 * A page section shown only to the roles whose capability opens its routes (the permission table): a vet or a
 * volunteer reading a pet gets no contracts box that would answer 403. Loaded with the sections, not with /login
 * (the permission table would bring the contracts' validation into the first bundle).
 */
export function gated<P extends object>(capability: Capability, Section: ComponentType<P>): ComponentType<P> {
  function Gated(props: P) {
    const { data: session } = useSession();
    return can(session?.user.role, capability) ? createElement(Section, props) : null;
  }
  Gated.displayName = `Only(${capability})`;
  return Gated;
}
