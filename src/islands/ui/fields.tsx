/** The form fields every island uses, one file each under ./fields/. */
export { Checkbox, Toggle } from './fields/Checkbox.tsx';
export {
  codeError,
  contactError,
  focusFirstInvalid,
  isEmail,
  newPasswordError,
  newPasswordErrors,
} from './fields/checks.ts';
export { DateField } from './fields/DateField.tsx';
export { NewPasswordFields, PasswordField } from './fields/PasswordField.tsx';
export { isCompletePhone, PhoneField } from './fields/PhoneField.tsx';
export { SelectField } from './fields/SelectField.tsx';
export { SubmitButton } from './fields/SubmitButton.tsx';
export { type Channel, ChannelTabs, Tabs } from './fields/Tabs.tsx';
export { CodeField, EmailField, TextField } from './fields/TextField.tsx';
