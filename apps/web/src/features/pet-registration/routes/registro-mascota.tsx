import { SimplePage } from '../../../components/ui/simple-page';
import { UnderConstruction } from '../../../components/ui/under-construction';

function RegistroMascotaScreen() {
  return (
    <SimplePage>
      <UnderConstruction title="Registro de Mascota" description="Aquí estará el formulario público para registrar una mascota en el refugio." />
    </SimplePage>
  );
}

export { RegistroMascotaScreen as Component };
