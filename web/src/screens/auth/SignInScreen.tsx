import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from '@apollo/client/react';
import { formErrorsOf, type FormErrors } from '../../apollo/field-errors';
import { Logo } from '../../components/Logo';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toasts';
import { useSession } from '../../session/SessionProvider';
import { UNAUTHORIZED_ROLE, landingRoute } from '../../session/landing';
import { LOGIN } from './auth-operations';
import { resetWorkspaceFlags } from './reset-workspace-flags';

const NO_ERRORS: FormErrors = { fields: {}, message: null };

/** SPEC §2 Login, at /pro and /login. */
export function SignInScreen() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [login, { loading }] = useMutation(LOGIN);
  const { signIn, notice } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const ready = email.trim() !== '' && password !== '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || loading) return;
    setErrors(NO_ERRORS);
    try {
      const { data } = await login({ variables: { input: { email: email.trim(), password } } });
      if (!data) throw new Error('no data');
      const target = landingRoute(data.login.user.roleType, 'login');
      if (!target) {
        setErrors({ fields: {}, message: UNAUTHORIZED_ROLE });
        return;
      }
      await signIn(data.login.accessToken, data.login.user);
      resetWorkspaceFlags();
      toast('success', 'Login Successfully');
      navigate(target, { replace: true });
    } catch (error) {
      setErrors(formErrorsOf(error, 'Login failed'));
    }
  }

  return (
    <main className="auth-page">
      <form className="auth-card" onSubmit={submit} noValidate>
        <Logo dimmed={!ready} />
        <h1 className="visually-hidden">Sign in</h1>
        {notice && (
          <p className="form-notice" role="status">
            {notice}
          </p>
        )}
        <TextField
          label="Email"
          name="email"
          type="text"
          autoComplete="username"
          placeholder="USERNAME OR EMAIL"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errors.fields.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder="PASSWORD"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.fields.password}
        />
        {errors.message && (
          <p className="form-error" role="alert">
            {errors.message}
          </p>
        )}
        <button type="submit" className="button-primary" disabled={!ready || loading}>
          {loading ? 'Logging in…' : 'Login'}
        </button>
        <p className="auth-switch">
          New here? <Link to="/Signup">Sign Up</Link>
        </p>
      </form>
    </main>
  );
}
