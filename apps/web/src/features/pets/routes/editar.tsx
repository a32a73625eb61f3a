import { Code, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { UnderConstruction } from '../../../components/ui/under-construction';

function EditarScreen() {
  const { id = '' } = useParams();
  return (
    <UnderConstruction
      title="Editar Mascota"
      description="Aquí podrás editar los datos, imágenes, videos y etiquetas de la mascota."
    >
      <Text size="sm" c="dimmed">
        Identificador: <Code>{id}</Code>
      </Text>
    </UnderConstruction>
  );
}

export { EditarScreen as Component };
