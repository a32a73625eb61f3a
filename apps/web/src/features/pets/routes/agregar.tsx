import { UnderConstruction } from '../../../components/ui/under-construction';

function AgregarScreen() {
  return (
    <UnderConstruction
      title="Agregar Mascota"
      description="Aquí podrás registrar una nueva mascota con sus fotos, videos y etiquetas."
    />
  );
}

export { AgregarScreen as Component };
