/** The site's modals (spec 2.10, 2.11) and the account form parts the pages reuse. */
export { Modal, type ModalProps, type ModalCloseVia } from './Modal';
export { AuthModal, type AuthModalProps } from './AuthModal';
export { ChooseRoleModal, type ChooseRoleModalProps } from './ChooseRoleModal';
export { SwitchProfileModal, type SwitchProfileModalProps } from './SwitchProfileModal';
export { ConnectProfileModal, type ConnectProfileModalProps } from './ConnectProfileModal';
export { SignUpForm, type SignUpFormProps } from './SignUpForm';
export { SignInForm, type SignInFormProps } from './SignInForm';
export { ForgotPasswordForm, type ForgotPasswordFormProps } from './ForgotPasswordForm';
export { PasswordChecklist } from './PasswordChecklist';
export { Captcha, type CaptchaHandle, type CaptchaProps } from './Captcha';
export { Field, FormAlert, FormStatus, SubmitButton, type FieldProps, type SubmitButtonProps } from './fields';
export { useGuardedSubmit, focusFirstInvalid, type GuardedSubmit } from './useGuardedSubmit';
export { useProviderSignIn, type ProviderSignIn } from './useProviderSignIn';
export { ApiProvider, useApi } from './useApi';
export { clearStoredUser, STORED_USER_KEYS } from './storedUser';
export { useSignedIn } from './useSignedIn';
