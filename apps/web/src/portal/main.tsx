import '../public/public.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PortalApp } from './portal-app';

const container = document.getElementById('root');
if (!container) throw new Error('portal.html is missing the #root element');

createRoot(container).render(
  <StrictMode>
    <PortalApp token={decodeURIComponent(window.location.pathname.replace(/^\/portal\/?/, '').split('/')[0] ?? '')} />
  </StrictMode>,
);
