import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app.tsx';
import { SessionProvider } from './session/session-context.tsx';
import { UpdatePrompt } from './shell/update-prompt.tsx';
import './styles/global.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <SessionProvider>
        <App />
        <UpdatePrompt />
      </SessionProvider>
    </BrowserRouter>
  </StrictMode>,
);
