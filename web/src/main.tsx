import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
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

/** The app inside the router, so screens can hold a navigation (useBlocker needs a data router). */
function Root() {
  return (
    <ToastProvider>
      <SessionProvider apollo={apollo}>
        <App />
      </SessionProvider>
    </ToastProvider>
  );
}

// One catch-all route: the app's own <Routes> match below it.
const router = createBrowserRouter([{ path: '*', element: <Root /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApolloProvider client={apollo.client}>
      <RouterProvider router={router} />
    </ApolloProvider>
  </StrictMode>,
);
