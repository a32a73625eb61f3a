import { SimplePage } from '../../../components/ui/simple-page';
import { UnderConstruction } from '../../../components/ui/under-construction';

function RegistroMascotaMobileScreen() {
  return (
    <SimplePage>
      <UnderConstruction title="Registro de Mascota" description="Aquí estará la versión para teléfonos del formulario público de registro." />
    </SimplePage>
  );
}

export { RegistroMascotaMobileScreen as Component };
