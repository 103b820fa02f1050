/**
 * What the write routers of issue #11 are built from. One object, so a router that needs one more
 * part (a resolver, the image store) takes it here instead of growing its own argument list.
 */
import type { AuthParts } from '../auth-parts';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { DnsResolver } from '../dns/resolver';
import type { FileStore } from '../files/store';
import type { ImageStore } from '../image-store/store';
import type { Payments } from '../payments/provider';
import type { MailOutbox } from '../queue/queue';

export interface RouterDeps {
  db: Db;
  config: Pick<Config, 'productName' | 'publicUrl'> & Partial<Pick<Config, 'mainHosts' | 'trustProxy' | 'secretKey' | 'captcha' | 'teamEmail'>>;
  /** Mail (auth.mailer) for review decisions and invitations; without it those calls answer 503 E_UNAVAILABLE. */
  auth?: AuthParts;
  /**
   * Where mail goes, in the request's transaction (queue/queue.ts): the queue's outbox, or a direct send
   * when the app runs without a queue. Present exactly when `auth` is.
   */
  mail?: MailOutbox;
  /** DNS for "Check now" on a custom domain (POST /domain-check); the offline resolver (dns/offline-resolver.ts) when absent. */
  resolver?: DnsResolver;
  /** Where uploaded images' bytes go; the database store (image-store/database-store.ts) when absent. */
  imageStore?: ImageStore;
  /** Where stored files' bytes go (CVs, issue #13); the database store (files/database-store.ts) when absent. */
  fileStore?: FileStore;
  /** How plans are paid for (payments/provider.ts): Stripe Checkout, or on invoice (the default when absent). */
  payments?: Payments;
}
