import { okSchema } from './common';
import { endpoint } from './endpoint';
import { idParamSchema } from '../schemas/account';
import {
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationReadResponseSchema,
  pushDevicesResponseSchema,
  pushSubscribeResponseSchema,
  pushSubscribeSchema,
} from '../schemas/notifications';

export const listNotifications = endpoint({
  method: 'GET',
  path: '/api/notifications',
  tag: 'Account',
  summary: 'The bell: the signed-in user’s notifications, newest first, a page at a time, with the unread count',
  auth: 'user',
  query: notificationListQuerySchema,
  response: notificationListResponseSchema,
});

export const markNotificationRead = endpoint({
  method: 'POST',
  path: '/api/notifications/{id}/read',
  tag: 'Account',
  summary: 'Mark one notification read; the user’s other tabs are told (`message-read`)',
  auth: 'user',
  params: idParamSchema,
  response: notificationReadResponseSchema,
  errors: { 404: 'No notification of the signed-in user has this id' },
});

export const markAllNotificationsRead = endpoint({
  method: 'POST',
  path: '/api/notifications/read-all',
  tag: 'Account',
  summary: 'Mark every notification read; the user’s other tabs are told (`message-read` with messageId `all`)',
  auth: 'user',
  response: notificationReadResponseSchema,
});

export const listPushDevices = endpoint({
  method: 'GET',
  path: '/api/push/subscriptions',
  tag: 'Account',
  summary: 'The VAPID public key and the devices subscribed to Web Push',
  auth: 'user',
  response: pushDevicesResponseSchema,
});

export const subscribePush = endpoint({
  method: 'POST',
  path: '/api/push/subscriptions',
  tag: 'Account',
  summary: 'Store this browser’s push subscription (labelled from its user agent); the same endpoint again replaces it',
  auth: 'user',
  body: pushSubscribeSchema,
  status: 201,
  response: pushSubscribeResponseSchema,
});

export const unsubscribePush = endpoint({
  method: 'DELETE',
  path: '/api/push/subscriptions/{id}',
  tag: 'Account',
  summary: 'Remove a device from Web Push',
  auth: 'user',
  params: idParamSchema,
  response: okSchema,
  errors: { 404: 'No push subscription of the signed-in user has this id' },
});
