import { z } from 'zod';
import { timestampSchema } from '../contract/common';
import { NOTIFICATIONS_PAGE_MAX, NOTIFICATIONS_PAGE_SIZE } from '../notification-centre';

/** One entry of the bell's list. */
export const notificationItemSchema = z.object({
  id: z.string().uuid(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  /** A path on this site the entry opens. */
  link: z.string(),
  createdAt: timestampSchema,
  readAt: timestampSchema.nullable(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

export const notificationListQuerySchema = z.object({
  /** `nextCursor` of the previous page; absent for the newest. */
  cursor: z
    .string()
    .regex(/^\d{13}_[0-9a-f-]{36}$/, 'Not a cursor from this list')
    .optional(),
  limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(NOTIFICATIONS_PAGE_MAX, `limit must be at most ${NOTIFICATIONS_PAGE_MAX}`).default(NOTIFICATIONS_PAGE_SIZE),
});

export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationItemSchema),
  unreadCount: z.number().int().min(0),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof notificationListResponseSchema>;

export const notificationReadResponseSchema = z.object({ success: z.literal(true), unreadCount: z.number().int().min(0) });

/** PushSubscription.toJSON() as the browser gives it. */
export const pushSubscribeSchema = z.object({
  endpoint: z.string().url('Not a push service URL').max(2048).refine((u) => u.startsWith('https://'), 'A push service URL is https'),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/, 'Not a P-256 public key (base64url)'),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,24}={0,2}$/, 'Not a 16-byte auth secret (base64url)'),
  }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeSchema>;

export const pushDeviceSchema = z.object({
  id: z.string().uuid(),
  deviceLabel: z.string(),
  /** So the browser can tell which entry is itself. */
  endpoint: z.string(),
  createdAt: timestampSchema,
  lastSuccessAt: timestampSchema.nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDevicesResponseSchema = z.object({
  /** The VAPID public key (base64url) the browser subscribes with. */
  publicKey: z.string(),
  devices: z.array(pushDeviceSchema),
});
export type PushDevices = z.infer<typeof pushDevicesResponseSchema>;

export const pushSubscribeResponseSchema = z.object({ success: z.literal(true), device: pushDeviceSchema });
