/**
 * The modals the session opens (spec 2.10, 2.11). They load on first use, in their own chunk: no
 * page needs them to render, and the server never renders them.
 */
import type { ComponentType } from 'react';
import type { AuthModalProps, ChooseRoleModalProps, ConnectProfileModalProps, SwitchProfileModalProps } from '../modals/index';

export type { AuthModalProps, ChooseRoleModalProps, ConnectProfileModalProps, SwitchProfileModalProps };

/** What site/src/modals/index.ts exports for the session. */
export interface SessionModals {
  AuthModal: ComponentType<AuthModalProps>;
  ChooseRoleModal: ComponentType<ChooseRoleModalProps>;
  SwitchProfileModal: ComponentType<SwitchProfileModalProps>;
  ConnectProfileModal: ComponentType<ConnectProfileModalProps>;
}

/** Loads the modal components. */
export type ModalsLoader = () => Promise<SessionModals>;

export const loadModals: ModalsLoader = () => import('../modals/index');
