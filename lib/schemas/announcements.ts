import { z } from 'zod';
import { ANNOUNCEMENT_KINDS, ANNOUNCEMENT_LIMITS as L } from '../announcements';
import { okWithMessageSchema, timestampSchema } from '../contract/common';

/** Product announcements (issue 18 item 7, decision 0092). */

export const announcementKindSchema = z.enum(ANNOUNCEMENT_KINDS);

export const announcementRecipientsQuerySchema = z.object({ kind: announcementKindSchema });

export const announcementRecipientsResponseSchema = z.object({
  kind: announcementKindSchema,
  /** Coaches the announcement would reach now: their switch (and the channel's) is on. */
  recipients: z.number().int(),
});
export type AnnouncementRecipientsAnswer = z.infer<typeof announcementRecipientsResponseSchema>;

export const newAnnouncementSchema = z
  .object({
    kind: announcementKindSchema,
    subject: z.string().trim().min(1, 'A subject is required').max(L.subjectMax, `At most ${L.subjectMax} characters`),
    body: z.string().trim().min(1, 'A message is required').max(L.bodyMax, `At most ${L.bodyMax} characters`),
    /** The count the confirmation showed; the send is refused (409) when it no longer holds. */
    confirmedRecipients: z.number().int().min(0),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'breaking_news' && v.body.length > L.breakingNewsBodyMax) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: `A push shows at most ${L.breakingNewsBodyMax} characters` });
    }
  });
export type NewAnnouncement = z.infer<typeof newAnnouncementSchema>;

export const announcementSchema = z
  .object({
    id: z.string(),
    kind: announcementKindSchema,
    subject: z.string(),
    body: z.string(),
    createdAt: timestampSchema,
    createdBy: z.string().nullable(),
    confirmedRecipients: z.number().int(),
    /** Recipients the job has sent to so far, and those it failed to reach. */
    sent: z.number().int(),
    failed: z.number().int(),
    completedAt: timestampSchema.nullable(),
  })
  .meta({ id: 'Announcement' });
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementsResponseSchema = z.object({ announcements: z.array(announcementSchema) });
export type AnnouncementsAnswer = z.infer<typeof announcementsResponseSchema>;

export const announcementCreatedResponseSchema = okWithMessageSchema.extend({ announcement: announcementSchema });
export type AnnouncementCreatedAnswer = z.infer<typeof announcementCreatedResponseSchema>;
