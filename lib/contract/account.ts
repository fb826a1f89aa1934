import { SECURITY_LOG_PAGE_SIZE } from '../constants';
import { okWithMessageSchema } from './common';
import { endpoint } from './endpoint';
import {
  appearancePreferencesBodySchema,
  appearancePreferencesResponseSchema,
  dataExportRequestResponseSchema,
  dataExportsResponseSchema,
  deleteAccountSchema,
  idParamSchema,
  notificationPreferencesBodySchema,
  notificationPreferencesResponseSchema,
  pageQuerySchema,
  passwordChangeResponseSchema,
  passwordChangeSchema,
  phoneCodeConfirmResponseSchema,
  phoneCodeConfirmSchema,
  phoneCodeResponseSchema,
  profileResponseSchema,
  profileUpdateResponseSchema,
  profileUpdateSchema,
  revokeOtherSessionsResponseSchema,
  securityLogResponseSchema,
  sessionsResponseSchema,
  testNotificationResponseSchema,
  testNotificationSchema,
  timezoneUpdateResponseSchema,
  timezoneUpdateSchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupResponseSchema,
} from '../schemas/account';

const WRONG_PASSWORD = 'The password is missing or wrong (`details` names the field)';
const PASSWORD_GUESSES = 'Too many wrong passwords for this account';

export const getProfile = endpoint({
  method: 'GET',
  path: '/api/users/profile',
  tag: 'Account',
  summary: 'The signed-in user’s profile and settings',
  auth: 'user',
  response: profileResponseSchema,
});

export const updateProfile = endpoint({
  method: 'PUT',
  path: '/api/users/profile',
  tag: 'Account',
  summary: 'Update the profile and coaching survey; a new e-mail address needs the current password and takes effect from the link sent to it',
  auth: 'user',
  body: profileUpdateSchema,
  response: profileUpdateResponseSchema,
  errors: {
    400: `A field is invalid, or, changing the e-mail address: ${WRONG_PASSWORD}`,
    409: 'The new e-mail address belongs to another account',
    429: PASSWORD_GUESSES,
  },
});

export const changePassword = endpoint({
  method: 'PUT',
  path: '/api/users/password',
  tag: 'Security',
  summary: 'Change the password, proving the current one',
  auth: 'user',
  body: passwordChangeSchema,
  response: passwordChangeResponseSchema,
  errors: {
    400: 'The current password is wrong, or the new one breaks the rules, is common or is the current one',
    429: PASSWORD_GUESSES,
  },
});

export const updateTimezone = endpoint({
  method: 'PUT',
  path: '/api/users/timezone',
  tag: 'Account',
  summary: 'Set the user’s timezone',
  auth: 'user',
  body: timezoneUpdateSchema,
  response: timezoneUpdateResponseSchema,
});

export const updateNotificationPreferences = endpoint({
  method: 'PUT',
  path: '/api/users/notifications',
  tag: 'Account',
  summary: 'Save the notification preferences (the whole set)',
  auth: 'user',
  body: notificationPreferencesBodySchema,
  response: notificationPreferencesResponseSchema,
});

export const updateAppearancePreferences = endpoint({
  method: 'PUT',
  path: '/api/users/appearance',
  tag: 'Account',
  summary: 'Save the appearance preferences (the whole set)',
  auth: 'user',
  body: appearancePreferencesBodySchema,
  response: appearancePreferencesResponseSchema,
});

export const sendTestNotification = endpoint({
  method: 'POST',
  path: '/api/users/test-notification',
  tag: 'Account',
  summary: 'Send a fixed test notification on one channel or every enabled one; `success` says whether any channel delivered it',
  auth: 'user',
  body: testNotificationSchema,
  response: testNotificationResponseSchema,
  errors: { 429: 'Too many test notifications for this account' },
});

export const sendPhoneCode = endpoint({
  method: 'POST',
  path: '/api/users/phone/verification',
  tag: 'Account',
  summary: 'Text a verification code to the profile’s phone number',
  auth: 'user',
  response: phoneCodeResponseSchema,
  errors: {
    400: 'The profile has no phone number, or it is verified already',
    404: 'The account no longer exists',
    429: 'Too many codes for this account or this number',
    502: 'The SMS provider did not take the text',
  },
});

export const confirmPhoneCode = endpoint({
  method: 'POST',
  path: '/api/users/phone/verification/confirm',
  tag: 'Account',
  summary: 'Prove the phone number with the texted code',
  auth: 'user',
  body: phoneCodeConfirmSchema,
  response: phoneCodeConfirmResponseSchema,
  errors: {
    400: 'No code is pending, or it is wrong, expired, used up, or for a number the profile no longer has',
    429: 'Too many confirmations for this account',
  },
});

export const beginTwoFactorSetup = endpoint({
  method: 'POST',
  path: '/api/users/2fa/setup',
  tag: 'Security',
  summary: 'Start two-factor enrolment: a new authenticator secret, switched on once a code confirms it',
  auth: 'user',
  response: twoFactorSetupResponseSchema,
  errors: { 409: 'Two-factor authentication is already on' },
});

export const enableTwoFactor = endpoint({
  method: 'POST',
  path: '/api/users/2fa/enable',
  tag: 'Security',
  summary: 'Confirm enrolment with a code from the app; answers the recovery codes, shown this once',
  auth: 'user',
  body: twoFactorCodeSchema,
  response: twoFactorEnableResponseSchema,
  errors: {
    400: 'The set-up was not started, or the code is wrong',
    409: 'Two-factor authentication is already on',
  },
});

export const disableTwoFactor = endpoint({
  method: 'POST',
  path: '/api/users/2fa/disable',
  tag: 'Security',
  summary: 'Turn two-factor authentication off, proving the password',
  auth: 'user',
  body: twoFactorDisableSchema,
  response: okWithMessageSchema,
  errors: { 400: WRONG_PASSWORD, 429: PASSWORD_GUESSES },
});

export const listSecurityLog = endpoint({
  method: 'GET',
  path: '/api/users/security-log',
  tag: 'Security',
  summary: 'The user’s security events, newest first, a page at a time',
  auth: 'user',
  query: pageQuerySchema(SECURITY_LOG_PAGE_SIZE),
  response: securityLogResponseSchema,
});

export const requestDataExport = endpoint({
  method: 'POST',
  path: '/api/users/data/export',
  tag: 'Account',
  summary: 'Start an export of all the account’s data; a download link is e-mailed when it is ready',
  auth: 'user',
  response: dataExportRequestResponseSchema,
  errors: { 429: 'Too many exports for this account' },
});

export const listDataExports = endpoint({
  method: 'GET',
  path: '/api/users/data/exports',
  tag: 'Account',
  summary: 'The user’s recent unexpired data exports, newest first',
  auth: 'user',
  response: dataExportsResponseSchema,
});

export const downloadDataExport = endpoint({
  method: 'GET',
  path: '/api/users/data/exports/{id}/download',
  tag: 'Account',
  summary: 'Download one of the user’s ready data exports',
  auth: 'user',
  params: idParamSchema,
  response: { contentType: 'application/json', description: 'The export file, as an attachment' },
  errors: {
    404: 'No such unexpired export of yours, or its file is gone',
    409: 'The export is not ready yet',
  },
});

export const deleteAccount = endpoint({
  method: 'POST',
  path: '/api/users/account/delete',
  tag: 'Account',
  summary: 'Delete the account and all its data, proving the password; signs out and clears the cookies',
  auth: 'user',
  body: deleteAccountSchema,
  response: okWithMessageSchema,
  errors: {
    400: WRONG_PASSWORD,
    409: 'The last administrator cannot delete their account',
    429: PASSWORD_GUESSES,
  },
});

export const listSessions = endpoint({
  method: 'GET',
  path: '/api/sessions',
  tag: 'Sessions',
  summary: 'The user’s signed-in devices, most recently active first, the current one marked',
  auth: 'user',
  response: sessionsResponseSchema,
});

export const revokeSession = endpoint({
  method: 'DELETE',
  path: '/api/sessions/{id}',
  tag: 'Sessions',
  summary: 'Sign out one of the user’s devices',
  auth: 'user',
  params: idParamSchema,
  response: okWithMessageSchema,
  errors: { 404: 'No such live session of yours' },
});

export const revokeOtherSessions = endpoint({
  method: 'POST',
  path: '/api/sessions/revoke-others',
  tag: 'Sessions',
  summary: 'Sign out every session but the current one',
  auth: 'user',
  response: revokeOtherSessionsResponseSchema,
});
