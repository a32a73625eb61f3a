import { SimplePage } from '../../../components/ui/simple-page';
import { UnderConstruction } from '../../../components/ui/under-construction';

function EnlacesAdminScreen() {
  return (
    <SimplePage>
      <UnderConstruction
        title="Enlaces de Registro"
        description="Aquí se crearán, revocarán y consultarán los enlaces de registro para rescatistas externos."
      />
    </SimplePage>
  );
}

export { EnlacesAdminScreen as Component };
