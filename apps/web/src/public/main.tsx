import './public.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicApp } from './app';
import { startEmbedMode } from './lib/embed-mode';

const container = document.getElementById('root');
if (!container) throw new Error('adopta.html is missing the #root element');
startEmbedMode();

createRoot(container).render(
  <StrictMode>
    <PublicApp />
  </StrictMode>,
);
