import './login.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginApp } from './login-app';

const container = document.getElementById('root');
if (!container) throw new Error('login.html is missing the #root element');

createRoot(container).render(
  <StrictMode>
    <LoginApp />
  </StrictMode>,
);
