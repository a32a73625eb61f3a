import '../public/public.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CesionApp } from './cesion-app';

const container = document.getElementById('root');
if (!container) throw new Error('cesion.html is missing the #root element');

createRoot(container).render(
  <StrictMode>
    <CesionApp />
  </StrictMode>,
);
