import { Messages, passwordChecks } from '@tonnage/contracts';

const checkLabel = (key: (typeof passwordChecks)[number]['key']): string => passwordChecks.find((check) => check.key === key)?.label ?? key;

/**
 * English: the reference message set. Texts fixed by the spec come from the contracts' Messages so they
 * are declared once. Every other language is typed against this shape (see ./types.ts).
 */
const translation = {
  app: {
    name: 'Tonnage',
    tagline: 'Bulk cargo logistics',
    loading: 'Loading…',
    version: 'Version {{version}}',
  },
  common: {
    error: 'Error',
    success: 'Success',
    yes: 'Yes',
    no: 'No',
    cancel: 'Cancel',
    save: 'Save',
    reload: 'Reload',
    active: 'Active',
    inactive: 'In-Active',
    actions: 'Actions',
  },
  lang: {
    label: 'Language',
    en: 'English',
    ar: 'العربية',
    zh: '中文',
    it: 'Italiano',
    es: 'Español',
    fr: 'Français',
  },
  login: {
    title: 'Login',
    subtitle: 'Sign in to your account',
    username: 'Username',
    password: 'Password',
    rememberMe: 'Remember me',
    forgot: 'Forgot password?',
    submit: 'Login',
    notificationTitle: 'Login',
    wrongCredentials: Messages.wrongCredentials,
    userInactive: 'User is In-Active',
    agencyInactive: 'Agency is In-Active',
    attemptsRemaining: '{{n}} Attempts remaining.',
    blocked: Messages.blocked,
    blockedAfter: 'You are blocked for {{n}} wrong attempts.',
    tryAgainIn: 'Try again in',
  },
  forgot: {
    title: 'Forgot Password',
    subtitle: 'Enter your username and we will e-mail you a link to reset your password.',
    username: 'Username',
    submit: 'Send Request',
    back: 'Back to login',
    successTitle: 'Success',
    sent: Messages.resetMailSent,
  },
  reset: {
    title: 'Reset Password',
    subtitle: 'Choose a new password for your account.',
    newPassword: 'New Password',
    confirmPassword: 'Confirm Password',
    submit: 'Save',
    back: 'Back to login',
    success: Messages.resetSuccessful,
  },
  password: {
    checklistTitle: 'Password rules',
    checks: {
      min8: checkLabel('min8'),
      upper: checkLabel('upper'),
      lower: checkLabel('lower'),
      digit: checkLabel('digit'),
      special: checkLabel('special'),
    },
    current: 'Current Password',
    new: 'New Password',
    confirm: 'Confirm Password',
    updated: Messages.passwordUpdated,
    forcedTitle: 'Update Password',
    forcedIntro: 'Your password has to be changed before you continue.',
    forcedSubmit: 'Update Password',
  },
  topbar: {
    toggleMenu: 'Toggle menu',
    userMenu: 'User menu',
    greeting: 'Hi, {{name}}',
    profile: 'Profile',
    help: 'Help',
    logout: 'Logout',
  },
  errors: {
    tokenExpired: Messages.tokenExpired,
    UNAUTHENTICATED: Messages.tokenExpired,
    WRONG_CREDENTIALS: Messages.wrongCredentials,
    USER_INACTIVE: 'User is In-Active',
    AGENCY_INACTIVE: 'Agency is In-Active',
    LOGIN_BLOCKED: Messages.blocked,
    FORBIDDEN: Messages.forbidden,
    PAYLOAD_TOO_LARGE: 'The file is too large.',
    UNSUPPORTED_FILE: Messages.fileTypeNotAllowed,
    INVALID_RESET_TOKEN: Messages.resetTokenInvalid,
    WRONG_CURRENT_PASSWORD: Messages.currentPasswordWrong,
    INTERNAL: Messages.internal,
    NETWORK: 'The server cannot be reached. Please check your connection.',
    UNEXPECTED_RESPONSE: 'The server sent an unexpected response.',
  },
  pages: {
    backHome: 'Back Home',
    notFound: {
      title: '404',
      subtitle: 'Page not found',
      description: 'The page you are looking for does not exist or has been moved.',
    },
    unauthorized: {
      title: 'Unauthorized Access',
      subtitle: 'You have no rights to access this page!',
    },
    serverError: {
      title: Messages.internal,
      subtitle: 'Something went wrong. Please try again later.',
    },
    loadFailed: 'Loading failed! Please reload.',
    noPermissions: 'User have No Permissions, Please contact Admin',
  },
  update: {
    title: 'App has been updated, please refresh your browser!',
    refresh: 'Refresh',
  },
  upload: {
    button: 'Upload',
    tooLarge: 'File must be smaller than {{mb}}MB!',
    uploaded: '{{file}} file uploaded successfully',
    failed: '{{file}} file upload failed.',
  },
};

const en = {
  translation,
  /** English messages are shown as they come. */
  messages: {} as Readonly<Record<string, string>>,
};

export default en;
