import { Stack } from '@mantine/core';
import { PetForm } from '../components/pet-form';
import { PetPageHeader } from '../components/pet-page-header';

/** Agregar (/agregar): the edit form for a new pet, with the same fields, rules and save sequence. */
function AgregarScreen() {
  return (
    <Stack gap="lg">
      <title>Agregar Mascota · Refugio Admin</title>
      <PetPageHeader title="Agregar Mascota" subtitle="Registra una nueva mascota con sus fotos, videos y etiquetas." />
      <PetForm pet={null} />
    </Stack>
  );
}

export { AgregarScreen as Component };
