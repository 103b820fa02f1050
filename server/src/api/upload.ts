/**
 * POST /api/upload/{type} and /api/upload/image (spec 7, issue #11): multipart with the field
 * `file_upload`. Images are decoded, checked and re-encoded in the six sizes (image-store/pipeline.ts),
 * never stored as sent; the answer is the stored path and a URL per size.
 *
 * Who may upload:
 * - signed in (401 otherwise);
 * - `?company={key}` or `?investor={key}` names the profile the image is for: only its members and
 *   admins (403), and it must exist (404). Logos, covers, gallery, team and social images need it;
 * - 'image' and 'portrait' may go without an owner: any signed-in user's own picture.
 * 'cv' (issue #13) is a file, not an image: one PDF of at most 5 MB, judged by its bytes, stored as sent
 * for its uploader (files/index.ts); the answer is its path, cleaned name and size. Any signed-in user
 * may upload their own CV; it names no profile. 'document' is answered 415.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { CV_UPLOAD_LIMITS, IMAGE_UPLOAD_LIMITS } from '@nordlys/sdk/constants';
import {
  CompanyKeySchema,
  IMAGE_UPLOAD_TYPES,
  InvestorKeySchema,
  UPLOAD_FIELD,
  UPLOAD_TYPES,
  UploadAnswerSchema,
  type ImageUploadType,
  type UploadAnswer,
} from '@nordlys/sdk/schemas';
import { assertCanManageCompany, assertCanManageInvestor, currentViewer, requireUser } from '../accounts/guards';
import { checkRateLimits, rateLimiter, type Limit } from '../accounts/rate-limit';
import { AppError } from '../errors';
import { privateNoStore } from '../http/cache';
import { validate } from '../http/validate';
import type { AppEnv } from '../http/viewer';
import { CV_TOO_LARGE_MESSAGE, databaseFileStore, saveCv } from '../files/index';
import { databaseImageStore, saveImage, type ImageOwner } from '../image-store/index';
import { TOO_LARGE_MESSAGE } from '../image-store/pipeline';
import { toImage } from '../images';
import { findLiveProfile } from '../queries/profile-writes';
import type { RouterDeps } from './deps';
import { operation } from './operation';

/**
 * The body limit of upload routes: the 10 MB of a file plus room for the multipart framing, so a
 * file just over 10 MB is read and refused by the route with its own message (413 E_TOO_LARGE),
 * and anything much larger is cut off unread with the same message.
 */
export const UPLOAD_BODY_LIMIT_BYTES = IMAGE_UPLOAD_LIMITS.maxBytes + 6 * 1024 * 1024;

/** The /api paths that take uploads, which get UPLOAD_BODY_LIMIT_BYTES instead of the JSON limit. */
export const isUploadPath = (path: string) => path.startsWith('/api/upload/');

export function uploadBodyLimit(): MiddlewareHandler {
  return bodyLimit({
    maxSize: UPLOAD_BODY_LIMIT_BYTES,
    onError: (c) => {
      throw new AppError('E_TOO_LARGE', c.req.path === '/api/upload/cv' ? CV_TOO_LARGE_MESSAGE : TOO_LARGE_MESSAGE);
    },
  });
}

/**
 * Uploads per user and hour: a whole gallery (12) and a team (30) at once fit many times over; a
 * script filling the database with images does not. Counted in the database, so every instance shares it.
 */
export const UPLOAD_LIMIT: Limit = { max: 120, windowMs: 60 * 60_000 };
export const uploadsPerUser = rateLimiter('uploadsPerUser', UPLOAD_LIMIT);

/** The types that need `?company=` or `?investor=`: they are part of a profile. */
const OWNED_TYPES: ReadonlySet<ImageUploadType> = new Set(['logo', 'cover', 'gallery', 'team', 'social']);

const TypeParam = v.object({ type: v.picklist(UPLOAD_TYPES, `Type must be one of ${UPLOAD_TYPES.join(', ')}`) });
const OwnerQuery = v.pipe(
  v.object({ company: v.optional(CompanyKeySchema), investor: v.optional(InvestorKeySchema) }),
  v.check((q) => !(q.company && q.investor), 'Name either a company or an investor, not both'),
);

const isImageType = (type: string): type is ImageUploadType => (IMAGE_UPLOAD_TYPES as readonly string[]).includes(type);

export function uploadRouter({ db, imageStore, fileStore }: RouterDeps) {
  const store = imageStore ?? databaseImageStore(db);
  const files = fileStore ?? databaseFileStore();

  return new Hono<AppEnv>().post(
    '/upload/:type',
    operation({
      keepsPublicAnswers: true,
      summary: 'Upload an image (stored in the six sizes) or a CV (one PDF), as multipart/form-data in the field file_upload',
      description:
        "Any signed-in user uploads their own picture ('image', 'portrait') or CV. With ?company={key} or ?investor={key} the image is for that profile: only its members and admins may upload it (403; 404 when there is no such profile). Logos, covers, gallery, team and social images need one.",
      access: 'user',
      response: UploadAnswerSchema,
      status: 201,
      errors: ['E_FORBIDDEN', 'E_NOT_FOUND', 'E_RATE_LIMITED', 'E_TOO_LARGE', 'E_UNSUPPORTED_MEDIA'],
    }),
    privateNoStore,
    requireUser,
    validate('param', TypeParam),
    validate('query', OwnerQuery),
    async (c) => {
      const viewer = currentViewer(c);
      const { type } = c.req.valid('param');
      if (type === 'cv') {
        const { company, investor } = c.req.valid('query');
        if (company || investor) {
          throw new AppError('E_VALIDATION', 'A CV is your own: upload it without ?company= or ?investor=.', { [company ? 'company' : 'investor']: ['A CV belongs to no profile'] });
        }
        await checkRateLimits(db, [[uploadsPerUser, String(viewer.userId)]]);
        const file = await readFile(c.req.raw, 'the CV');
        if (file.size > CV_UPLOAD_LIMITS.maxBytes) throw new AppError('E_TOO_LARGE', CV_TOO_LARGE_MESSAGE);
        const stored = await saveCv(db, files, Buffer.from(await file.arrayBuffer()), { ownerUserId: viewer.userId, fileName: file.name });
        return c.json({ path: stored.path, name: stored.fileName, size: stored.sizeBytes } satisfies UploadAnswer, 201);
      }
      if (!isImageType(type)) {
        throw new AppError('E_UNSUPPORTED_MEDIA', `This route takes images only (${IMAGE_UPLOAD_TYPES.join(', ')}); "${type}" files cannot be uploaded yet.`);
      }
      const { company, investor } = c.req.valid('query');
      let owner: ImageOwner | null = null;
      if (company) {
        owner = { kind: 'company', id: (await findLiveProfile(db, 'company', company)).id };
        assertCanManageCompany(viewer, owner.id);
      } else if (investor) {
        owner = { kind: 'investor', id: (await findLiveProfile(db, 'investor', investor)).id };
        assertCanManageInvestor(viewer, owner.id);
      } else if (OWNED_TYPES.has(type)) {
        throw new AppError('E_VALIDATION', `A ${type} image belongs to a profile: add ?company={key} or ?investor={key}.`, {
          company: ['Name the company or investor the image is for'],
        });
      }

      // Counted before the body is read, so a refused upload costs no decoding.
      await checkRateLimits(db, [[uploadsPerUser, String(viewer.userId)]]);
      const file = await readFile(c.req.raw);
      if (file.size > IMAGE_UPLOAD_LIMITS.maxBytes) throw new AppError('E_TOO_LARGE', TOO_LARGE_MESSAGE);
      const { path } = await saveImage(db, store, Buffer.from(await file.arrayBuffer()), { type, uploadedBy: viewer.userId, owner });
      return c.json({ path, image: toImage(path)! } satisfies UploadAnswer, 201);
    },
  );
}

const noFile = (what: string) => `Send ${what} as multipart/form-data in the field "${UPLOAD_FIELD}".`;

/** The uploaded file of a multipart request: 400 when there is none. */
async function readFile(request: Request, what = 'the image'): Promise<File> {
  const NO_FILE = noFile(what);
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('multipart/form-data')) {
    throw new AppError('E_VALIDATION', NO_FILE, { [UPLOAD_FIELD]: ['Choose a file to upload'] });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch (error) {
    // The body limit's refusal passes through; a malformed body is the client's error.
    if (error instanceof AppError) throw error;
    throw new AppError('E_VALIDATION', NO_FILE, { [UPLOAD_FIELD]: ['The upload could not be read'] });
  }
  const file = form.get(UPLOAD_FIELD);
  if (!(file instanceof File)) throw new AppError('E_VALIDATION', NO_FILE, { [UPLOAD_FIELD]: ['Choose a file to upload'] });
  return file;
}
