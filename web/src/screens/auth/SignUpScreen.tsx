import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from '@apollo/client/react';
import { formErrorsOf, type FormErrors } from '../../apollo/field-errors';
import { Logo } from '../../components/Logo';
import { TextField } from '../../components/TextField';
import { useToast } from '../../components/Toasts';
import { useSession } from '../../session/SessionProvider';
import { UNAUTHORIZED_ROLE, landingRoute } from '../../session/landing';
import { SIGNUP, type SignupFields } from './auth-operations';

const EMPTY: SignupFields = {
  firstName: '',
  lastName: '',
  email: '',
  mobile: '',
  password: '',
  passwordConfirmation: '',
};
const NO_ERRORS: FormErrors = { fields: {}, message: null };
/** SPEC §5: the signup email must match a simple address pattern. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const REQUIRED: Array<[keyof SignupFields, string]> = [
  ['firstName', 'The first name field is required.'],
  ['lastName', 'The last name field is required.'],
  ['mobile', 'The mobile field is required.'],
  ['password', 'The password field is required.'],
];

/** What can be told before asking the server: empty fields and the email pattern. */
function clientErrors(fields: SignupFields): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [name, message] of REQUIRED) if (fields[name].trim() === '') errors[name] = message;
  if (!EMAIL_PATTERN.test(fields.email.trim())) errors.email = 'Enter a valid email address';
  return errors;
}

/** SPEC §2 Signup, titled 'Sign Up', with the spec's 'Comfirm Password' label. */
export function SignUpScreen() {
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [signup, { loading }] = useMutation(SIGNUP);
  const { signIn } = useSession();
  const navigate = useNavigate();
  const toast = useToast();
  const set = (name: keyof SignupFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = clientErrors(fields);
    if (Object.keys(found).length > 0) {
      setErrors({ fields: found, message: null });
      return;
    }
    setErrors(NO_ERRORS);
    try {
      const { data } = await signup({ variables: { input: { ...fields, email: fields.email.trim() } } });
      if (!data) throw new Error('no data');
      const target = landingRoute(data.signup.user.roleType, 'signup');
      if (!target) {
        setErrors({ fields: {}, message: UNAUTHORIZED_ROLE });
        return;
      }
      await signIn(data.signup.accessToken, data.signup.user);
      toast('success', 'Signup successful');
      navigate(target, { replace: true });
    } catch (error) {
      setErrors(formErrorsOf(error, 'Signup failed'));
    }
  }

  return (
    <main className="auth-page">
      <form className="auth-card auth-card-wide" onSubmit={submit} noValidate>
        <Logo />
        <h1>Sign Up</h1>
        <div className="field-row">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            value={fields.firstName}
            onChange={set('firstName')}
            error={errors.fields.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            value={fields.lastName}
            onChange={set('lastName')}
            error={errors.fields.lastName}
          />
        </div>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={fields.email}
          onChange={set('email')}
          error={errors.fields.email}
        />
        <TextField
          label="Mobile"
          name="mobile"
          type="tel"
          autoComplete="tel"
          value={fields.mobile}
          onChange={set('mobile')}
          error={errors.fields.mobile}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={fields.password}
          onChange={set('password')}
          error={errors.fields.password}
        />
        <TextField
          label="Comfirm Password"
          name="passwordConfirmation"
          type="password"
          autoComplete="new-password"
          value={fields.passwordConfirmation}
          onChange={set('passwordConfirmation')}
          error={errors.fields.passwordConfirmation}
        />
        {errors.message && (
          <p className="form-error" role="alert">
            {errors.message}
          </p>
        )}
        <button type="submit" className="button-primary" disabled={loading}>
          {loading ? 'Signing up…' : 'Sign Up'}
        </button>
        <p className="auth-switch">
          Already have an account? <Link to="/login">Login</Link>
        </p>
      </form>
    </main>
  );
}
