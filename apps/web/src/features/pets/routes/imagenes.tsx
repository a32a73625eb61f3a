import { Code, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { UnderConstruction } from '../../../components/ui/under-construction';

function ImagenesScreen() {
  const { id = '' } = useParams();
  return (
    <UnderConstruction
      title="Imágenes de la Mascota"
      description="Aquí verás la galería de la mascota con un visor a pantalla completa."
    >
      <Text size="sm" c="dimmed">
        Identificador: <Code>{id}</Code>
      </Text>
    </UnderConstruction>
  );
}

export { ImagenesScreen as Component };
