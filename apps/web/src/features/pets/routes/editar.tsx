import { Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { usePet } from '../api/get-pet';
import { petImagesQueryKey, petVideosQueryKey } from '../api/pets-query-key';
import { PetForm } from '../components/pet-form';
import { MissingIdAlert, PetLoadError, PetLoading } from '../components/pet-load-states';
import { PetPageHeader } from '../components/pet-page-header';
import { parsePetId } from '../lib/pet-id';

/** Editar (/editar/{id}): SPEC section 2's edit pet screen. */
function EditarScreen() {
  const { id: rawId } = useParams();
  const id = parsePetId(rawId);
  const queryClient = useQueryClient();
  const pet = usePet(id);

  const reloadPet = async () => {
    if (id === null) return undefined;
    const result = await pet.refetch();
    await queryClient.invalidateQueries({ queryKey: petImagesQueryKey(id) });
    void queryClient.invalidateQueries({ queryKey: petVideosQueryKey(id) });
    return result.data;
  };

  return (
    <Stack gap="lg">
      <title>Editar Mascota · Refugio Admin</title>
      <PetPageHeader title="Editar Mascota" subtitle={pet.data ? pet.data.nombre : undefined} />
      {id === null ? (
        <MissingIdAlert />
      ) : pet.data ? (
        // Kept on screen even if a background refetch fails, so no edit is lost.
        <PetForm key={pet.data.id} pet={pet.data} onReloadPet={reloadPet} />
      ) : pet.isError ? (
        <PetLoadError error={pet.error} />
      ) : (
        <PetLoading />
      )}
    </Stack>
  );
}

export { EditarScreen as Component };
