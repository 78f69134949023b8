export {
  LoginDocument as LOGIN,
  SignupDocument as SIGNUP,
  type SignupInput as SignupFields,
} from '../../generated/graphql';
