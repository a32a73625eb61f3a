import { Code, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { SimplePage } from '../../../components/ui/simple-page';
import { UnderConstruction } from '../../../components/ui/under-construction';

function RegistroMascotaConLinkScreen() {
  const { linkId = '' } = useParams();
  return (
    <SimplePage>
      <UnderConstruction title="Registro de Mascota" description="Aquí estará el formulario público de registro asociado a un enlace.">
        <Text size="sm" c="dimmed">
          Enlace: <Code>{linkId}</Code>
        </Text>
      </UnderConstruction>
    </SimplePage>
  );
}

export { RegistroMascotaConLinkScreen as Component };
