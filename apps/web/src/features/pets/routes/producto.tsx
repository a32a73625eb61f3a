import { Code, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { UnderConstruction } from '../../../components/ui/under-construction';

function ProductoScreen() {
  const { id = '' } = useParams();
  return (
    <UnderConstruction
      title="Detalle de la Mascota"
      description="Aquí verás toda la información de la mascota, su galería y sus solicitudes."
    >
      <Text size="sm" c="dimmed">
        Identificador: <Code>{id}</Code>
      </Text>
    </UnderConstruction>
  );
}

export { ProductoScreen as Component };
