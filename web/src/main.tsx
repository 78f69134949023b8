import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { ApolloProvider } from '@apollo/client/react';
import { createApolloClient } from './apollo/client';
import { App } from './App';
import { ToastProvider } from './components/Toasts';
import { SessionProvider } from './session/SessionProvider';
import { readToken, replaceToken } from './session/session-storage';
import './styles/global.css';
import './styles/workspace.css';
import './styles/history.css';
import './styles/admin.css';

const apollo = createApolloClient({ token: readToken, onRenewedToken: replaceToken });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApolloProvider client={apollo.client}>
      <BrowserRouter>
        <ToastProvider>
          <SessionProvider apollo={apollo}>
            <App />
          </SessionProvider>
        </ToastProvider>
      </BrowserRouter>
    </ApolloProvider>
  </StrictMode>,
);
