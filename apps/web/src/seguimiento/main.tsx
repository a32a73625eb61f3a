import '../public/public.css';
import './seguimiento.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SeguimientoApp } from './seguimiento-app';

const container = document.getElementById('root');
if (!container) throw new Error('seguimiento.html is missing the #root element');

createRoot(container).render(
  <StrictMode>
    <SeguimientoApp token={decodeURIComponent(window.location.pathname.replace(/^\/seguimiento\/?/, '').split('/')[0] ?? '')} />
  </StrictMode>,
);
