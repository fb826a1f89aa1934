import { endpoint } from './endpoint';
import { postReplyResponseSchema, postReplySchema, replyPageSchema, replyTokenParamSchema } from '../schemas/reply-page';

/*
 * The one-tap reply page (issue 17 §2, decision 0083). No account: the signed token in the path is
 * the only credential, names one check-in and reads nothing else.
 */

export const getReplyPage = endpoint({
  method: 'GET',
  path: '/api/reply/{token}',
  tag: 'Check-ins',
  summary: "What a check-in's reply page shows: the question, the client's first name, the check-in's goals and the answers given through this link",
  auth: 'public',
  params: replyTokenParamSchema,
  response: replyPageSchema,
  errors: {
    404: 'The link is not one of ours, was altered, or its check-in or client is gone or archived (nothing more is said)',
    410: 'The link is more than 7 days past its check-in (LINK_EXPIRED)',
  },
});

export const postReply = endpoint({
  method: 'POST',
  path: '/api/reply/{token}',
  tag: 'Check-ins',
  summary:
    "Answer a check-in through its reply page: quick answers and text become one reply text that enters the pipeline of an SMS or e-mail reply (channel web); a later answer is a further reply in the same conversation",
  auth: 'public',
  params: replyTokenParamSchema,
  body: postReplySchema,
  response: postReplyResponseSchema,
  errors: {
    400: 'No answer and no text, a goal not of this check-in, or the reply is too long (`details` names the field)',
    404: 'The link is not one of ours, was altered, or its check-in or client is gone or archived',
    410: 'The link is more than 7 days past its check-in (LINK_EXPIRED)',
    429: 'Too many answers through this link or from this address',
  },
});
