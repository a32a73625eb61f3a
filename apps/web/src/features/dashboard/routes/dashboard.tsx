import { UnderConstruction } from '../../../components/ui/under-construction';

function DashboardScreen() {
  return <UnderConstruction title="Panel de control" description="Aquí verás las cifras y gráficas de adopciones, ingresos y solicitudes." />;
}

export { DashboardScreen as Component };
