import {
  IconBrush,
  IconCalendarTime,
  IconChartBar,
  IconFileDescription,
  IconHistory,
  IconLayoutGrid,
  IconLink,
  IconPackage,
  IconPaw,
  IconSend,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

export interface NavLinkItem {
  label: string;
  to: string;
  icon: Icon;
  /** Other paths that belong to this entry (e.g. a pet's detail belongs to 'Mascotas'). */
  activeSubPaths?: readonly string[];
  /** Shown only when the role lookup says Administrador. */
  adminOnly?: boolean;
}

export interface NavGroupItem {
  label: string;
  icon: Icon;
  /** The group opens by itself when the current path starts with one of these. */
  activeSubPaths: readonly string[];
  links: readonly NavLinkItem[];
}

/** The sidebar entries of SPEC section 2, with their labels word for word. */
export const mainNavItems: readonly NavLinkItem[] = [
  { label: 'Mascotas', to: '/', icon: IconPaw, activeSubPaths: ['/agregar', '/mascota/', '/editar/', '/imagenes/'] },
  { label: 'Formularios de Solicitud', to: '/formularios', icon: IconFileDescription, activeSubPaths: ['/formulario/'] },
  { label: 'Publicaciones Programadas', to: '/borradores', icon: IconCalendarTime },
  { label: 'Lista de Usuarios', to: '/lista', icon: IconUsers, activeSubPaths: ['/usuarionuevo'], adminOnly: true },
];

/**
 * Screens the specification lists but gives no sidebar entry. They sit in a separate, collapsed group
 * so the main entries stay exactly as specified while the screens remain reachable.
 */
export const moreNavGroup: NavGroupItem = {
  label: 'Más secciones',
  icon: IconLayoutGrid,
  activeSubPaths: ['/dashboard', '/paquetes', '/solicitud-publicacion', '/auditoria', '/blocks/'],
  links: [
    { label: 'Panel de control', to: '/dashboard', icon: IconChartBar },
    { label: 'Paquetes', to: '/paquetes', icon: IconPackage },
    { label: 'Solicitudes de Publicación', to: '/solicitud-publicacion', icon: IconSend },
    { label: 'Enlaces de Registro', to: '/enlaces-admin', icon: IconLink },
    { label: 'Auditoría', to: '/auditoria', icon: IconHistory, adminOnly: true },
    { label: 'Guía de estilos', to: '/blocks/styles', icon: IconBrush },
  ],
};
