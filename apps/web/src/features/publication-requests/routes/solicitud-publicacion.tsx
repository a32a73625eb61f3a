import { UnderConstruction } from '../../../components/ui/under-construction';

function SolicitudPublicacionScreen() {
  return (
    <UnderConstruction
      title="Solicitudes de Publicación"
      description="Aquí revisarás las mascotas enviadas desde el formulario público de registro."
    />
  );
}

export { SolicitudPublicacionScreen as Component };
