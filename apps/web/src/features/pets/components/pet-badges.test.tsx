import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { PetBadges } from './pet-badges';

/* Home's badges (issue 33, section 5): an adopted pet is not shown as "Publicada"; its badge agrees with its sex. */

describe('PetBadges', () => {
  it('an adopted pet shows only its adoption, agreeing with its sex', async () => {
    renderWithProviders(<PetBadges adoptado genero="hembra" estado="publicada" />);
    expect(await screen.findByText('Adoptada')).toBeInTheDocument();
    expect(screen.queryByText('Publicada')).not.toBeInTheDocument();
  });

  it('an adopted male pet is "Adoptado", whatever its publication', async () => {
    renderWithProviders(<PetBadges adoptado genero="macho" estado="borrador" />);
    expect(await screen.findByText('Adoptado')).toBeInTheDocument();
    expect(screen.queryByText('Borrador')).not.toBeInTheDocument();
  });

  it('a pet not adopted shows "En adopción" and its publication state', async () => {
    renderWithProviders(<PetBadges adoptado={false} genero="macho" estado="publicada" />);
    expect(await screen.findByText('En adopción')).toBeInTheDocument();
    expect(screen.getByText('Publicada')).toBeInTheDocument();
  });
});
