/**
 * A startup's or an investor's team (GET|POST /{companies|investors}/{key}/members): its members, the
 * invitations still open, and the invitation link's calls (issue #11).
 */
import * as v from 'valibot';
import { textField } from './common';

export const MemberSchema = /* @__PURE__ */ v.object({
  userId: v.number(),
  name: v.string(),
  email: v.string(),
  imageUrl: v.nullable(v.string()),
  /** Every member administers the profile; the field leaves room for other roles. */
  role: v.string(),
  joinedAt: v.string(),
});
export type Member = v.InferOutput<typeof MemberSchema>;

export const InvitationSchema = /* @__PURE__ */ v.object({
  id: v.number(),
  email: v.string(),
  createdAt: v.string(),
  /** 7 days after it was sent (sdk constants INVITATION_DAYS). */
  expiresAt: v.string(),
});
export type Invitation = v.InferOutput<typeof InvitationSchema>;

export const TeamSchema = /* @__PURE__ */ v.object({
  members: v.array(MemberSchema),
  invitations: v.array(InvitationSchema),
});
export type Team = v.InferOutput<typeof TeamSchema>;

/** POST /{companies|investors}/{key}/members: invite by e-mail. */
export const InvitePayloadSchema = /* @__PURE__ */ v.object({
  email: v.pipe(
    textField('E-mail', 254, { message: 'Please enter your email address' }),
    v.trim(),
    v.toLowerCase(),
    v.email('Please enter a valid email address'),
  ),
});
export type InvitePayload = v.InferInput<typeof InvitePayloadSchema>;

/** The token of an invitation link, as the mail carries it. */
export const InvitationTokenSchema = /* @__PURE__ */ v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,100}$/, 'The invitation link is not valid'));

/** POST /invitations/accept. */
export const InvitationAcceptSchema = /* @__PURE__ */ v.object({ token: InvitationTokenSchema });

/** GET /invitations/{token} (what the link is for, shown before it is taken) and POST /invitations/accept's answer. */
export const InvitationInfoSchema = /* @__PURE__ */ v.object({
  kind: v.picklist(['company', 'investor']),
  key: v.string(),
  name: v.string(),
  /** Who sent it, by name. */
  invitedBy: v.nullable(v.string()),
  expiresAt: v.string(),
});
export type InvitationInfo = v.InferOutput<typeof InvitationInfoSchema>;
