import type { Capability } from '@refugio/contracts';
import { type ComponentType, createElement } from 'react';
import { useCapabilities } from '../lib/role-lookup';

/**
 * A page section shown only to the roles whose capability opens its routes (the permission table): a vet or a
 * volunteer reading a pet gets no contracts box that would answer 403. Loaded with the sections, not with /login
 * (the permission table would bring the contracts' validation into the first bundle).
 */
export function gated<P extends object>(capability: Capability, Section: ComponentType<P>): ComponentType<P> {
  function Gated(props: P) {
    // An organisation role's own capabilities decide once the role lookup answered (DESIGN section 21).
    const may = useCapabilities();
    return may(capability) ? createElement(Section, props) : null;
  }
  Gated.displayName = `Only(${capability})`;
  return Gated;
}
